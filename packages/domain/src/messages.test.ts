import { describe, expect, it } from 'vitest';
import * as apiMessages from './api-messages.js';
import { featureNotInPlan, featureNotInPlanError, overLineupLimit } from './billing.js';
import * as messages from './messages.js';

describe('messages keep the spec wording', () => {
  it('has the account form texts verbatim, including the odd one', () => {
    expect(messages.PLEASE_ENTER_YOUR_EMAIL_ADDRESS).toBe('Please enter a your email address');
    expect(messages.FIELD_CANNOT_BE_EMPTY).toBe('Field cannot be empty');
    expect(messages.INVALID_EMAIL_ADDRESS).toBe('Invalid email address');
    expect(messages.INVALID_EMAIL).toBe('Invalid email');
    expect(messages.PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(messages.PLEASE_ENTER_YOUR_PASSWORD).toBe('Please enter your password');
    expect(messages.PLEASE_ENTER_A_NEW_PASSWORD).toBe('Please enter a new password');
    expect(messages.RESET_PASSWORDS_DO_NOT_MATCH).toBe('The two passwords that you entered do not match!');
    expect(messages.RESET_LINK_EXPIRED).toBe('The link has expired. Please send a new reset password link.');
  });

  it('has the error catalogue texts', () => {
    expect([
      messages.UNABLE_TO_REMOVE_PLAYER_PROJECTIONS, messages.UNABLE_TO_FETCH_TEAM_STACKS, messages.UNABLE_TO_UPDATE_TEAM_STACKS_DB,
      messages.UNABLE_TO_FETCH_EXPOSURE_STATS, messages.UNABLE_TO_FETCH_OPT, messages.UNABLE_TO_FETCH_PLAYERS,
      messages.UNABLE_TO_SAVE_LINEUP_DB, messages.UNABLE_TO_UPDATE_SETTINGS, messages.FAILED_TO_UPDATE_USER_PROJECTIONS,
      messages.UNABLE_TO_LOGIN, messages.UNABLE_TO_FETCH_GROUPS, messages.UNABLE_TO_SAVE_GROUPS,
      messages.UNABLE_TO_FETCH_CUSTOM_PRESETS, messages.UNABLE_TO_UPDATE_CUSTOM_PRESETS, messages.ERROR_PARSING,
    ]).toEqual([
      'unable to remove player projections', 'unable to fetch team stacks', 'unable to update team stacks db',
      'unable to fetch exposure stats', 'unable to fetch opt', 'unable to fetch players',
      'unable to save lineup db', 'unable to update settings', 'failed to update user projections',
      'unable to login', 'unable to fetch groups', 'unable to save groups',
      'unable to fetch custom presets', 'unable to update custom presets', 'Error parsing',
    ]);
  });

  it('fills in the templated messages', () => {
    expect(messages.underExposedFlexTooltip(12.5)).toBe('Under-exposed to flex. Need an additional 12.5% of exposure.');
    expect(messages.minExpAboveMaxExpMessage('Josh Allen')).toBe('Josh Allen has a greater Min Exp than Max Exp');
    expect(messages.exposureBelowLineupMinimumsMessage('RB', 200)).toBe('RB exposure does not meet lineup minimums (200)');
    expect(messages.exposureAboveLineupMaximumsMessage('WR', 400)).toBe('WR exposure exceeds lineup maximums (400)');
  });

  it('has the builder texts', () => {
    expect(messages.PRESET_OVERWRITE_CONFIRMATION).toBe('This might erase existing Groups and Settings. Do you wish to continue?');
    expect(messages.PRE_BUILD_UPGRADE_BANNER).toBe('Upgrade to one of our premium plans to use Pre-Build Analysis');
    expect(messages.UPGRADE_FOR_THIS_FEATURE).toBe('Upgrade for this feature');
    expect(messages.MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS).toBe('You must be logged in to create lineups.');
    expect(messages.PLAYER_TABLE_MUST_BE_MODIFIED).toBe('Player Table must be modified!');
    expect(messages.NO_ID_HEADING).toBe('No ID heading');
    expect(messages.PRE_BUILD_ISSUES_BANNER).toMatch(/^The current build has issues .* See Warnings for details\.$/);
  });
});

type VariableCode = Exclude<messages.MessageCode, (typeof messages.FIXED_MESSAGE_CODES)[number]>;

/** One example of the params of each code with params: the type makes a new code without an example a compile error. */
const VARIABLE_EXAMPLES: { [C in VariableCode]: messages.MessageParams[C] } = {
  'started-players-left-out': { count: 2 },
  'group-player-not-in-pool': { group: 'Group Stack 1', playerId: '123' },
  'plan-option-dropped': { what: 'Stack rule', from: '1+ game stack', to: 'No stack', lineups: [3, 7] },
  'lineup-limit': { limit: 20 },
  'exposure-tolerance': { lineups: 2, sensitivity: 'Balanced', lineup: 4 },
  'cross-lineup-rules-set-aside': { lineup: 2 },
  'plan-set-aside': { detail: 'QB stack' },
  'kept-as-it-was': {},
  'excluded-by-status': { players: ['Cap (O)'] },
  'not-starting-pitchers': { players: ['Long Man', 'Other Arm'] },
  'not-in-batting-order': { players: ['Bench Bat'] },
  'no-season-points': { fileName: 'DKSalaries.csv', players: ['Rookie'] },
  'selection-minimum-unmet': { rule: 'QB Allen' },
  'selection-plain-build-kept': {},
  'simulated-alone': { lineups: 20, maxEntries: 1 },
  'entry-every-game-started': {},
  'entry-no-better-lineup': {},
  'entry-empty': {},
  'entry-players-not-in-salary-file': { players: ['111', '222'] },
  'entry-not-reoptimised': {},
  'entry-build-failed': { error: messages.coded('lineup-has-no-solution', { lineup: 1, total: 3, rules: ['minUnique'] }) },
  'projection-already-matched': { player: 'Josh Allen', line: 3 },
  'projection-no-such-id': { id: '12345' },
  'projection-no-such-name': { name: 'Joe Montana' },
  'projection-other-team': { name: 'Keenan Allen', teams: ['LAC'], team: 'LAR' },
  'projection-ambiguous': {},
  'entries-other-slate': { fileName: 'DKEntries.csv', missing: 12, total: 18, examples: ['123', '456'] },
  'entries-roster-mismatch': { fileName: 'DKEntries.csv', found: ['CPT', 'FLEX'], needed: ['QB', 'RB'] },
  'site-mismatch': { fileName: 'FanDuel.csv', fileLayout: 'FanDuel salary file', fileSite: 'FanDuel', chosenSite: 'DraftKings' },
  'job-took-too-long': { seconds: 120 },
  'job-needed-too-much-memory': { megabytes: 512 },
  'feature-not-in-plan': { feature: 'late swap' },
  'over-lineup-limit': { requested: 150, limit: 20 },
  'kept-lineup-left-out': { what: 'Saved lineup 2', violations: ['DraftKings needs players from at least 2 games in a lineup; this lineup has 1.'] },
  'file-cell': { fileName: 'DKSalaries.csv', line: 4, column: 'Salary', problem: messages.coded('cell-not-a-number', { raw: 'abc' }) },
  'projection-cell': { fileName: 'proj.csv', line: 5, column: 'ProjPts', problem: messages.coded('cell-negative', { raw: '-3' }) },
  'import-cell': { fileName: 'results.csv', line: 6, column: 'Lineup', problem: messages.coded('cell-empty', {}) },
  'cell-empty': {},
  'cell-not-a-number': { raw: 'abc' },
  'cell-not-a-whole-number': { raw: '2.5' },
  'cell-not-between': { raw: '120', min: 0, max: 100 },
  'cell-negative': { raw: '-1' },
  'cell-below': { raw: '-4', min: 0 },
  'cell-value-below': { value: -4, min: 1 },
  'cell-above-100': { value: 140 },
  'cell-not-a-position': { raw: 'QBX', roster: 'nfl/dk/classic', positions: ['QB', 'RB'] },
  'cell-showdown-position-in-classic': { raw: 'CPT', roster: 'nfl/dk/classic' },
  'cell-not-a-showdown-position': { raw: 'MVP', roster: 'nfl/dk/showdown', captain: 'CPT' },
  'cell-not-a-batting-order': { raw: '12' },
  'cell-not-a-game': { raw: 'DET-KC' },
  'cell-team-not-in-game': { team: 'BUF', away: 'DET', home: 'KC' },
  'cell-not-a-date-time': { raw: 'soon' },
  'cell-min-exp-above-max-exp': { minExp: 60, maxExp: 40 },
  'cell-duplicate-id': { id: '123', line: 2 },
  'cell-player-not-on-slate': { id: '999' },
  'cell-player-name-not-on-slate': { name: 'Joe Montana' },
  'cell-player-value-not-a-number': { name: 'Joe Montana', column: 'Salary', raw: 'TBD' },
  'cell-lineup-size': { needed: 9, header: ['QB', 'RB'], found: 7 },
  'cell-not-american-odds': { raw: '4.5' },
  'csv-syntax': { fileName: 'DKSalaries.csv', line: 3, reason: 'Unclosed quote' },
  'import-csv-syntax': { fileName: 'DKSalaries.csv', line: 3, reason: 'Unclosed quote' },
  'file-empty': { fileName: 'empty.csv' },
  'file-no-rows': { fileName: 'proj.csv' },
  'file-no-player-rows': { fileName: 'DKSalaries.csv' },
  'file-missing-columns': { fileName: 'DKSalaries.csv', missing: ['Salary'], found: ['Name', 'ID'] },
  'import-missing-columns': { fileName: 'DKSalaries.csv', missing: ['Salary', 'ID'] },
  'players-file-unknown-format': { fileName: 'x.csv', found: ['a', 'b'], formats: ['DraftKings salary file: Name, ID'] },
  'slate-file-unknown-format': { fileName: 'x.csv', found: ['a'], formats: ['DraftKings salary file: Name, ID'], layouts: ['DraftKings entries file'] },
  'no-player-list': { fileName: 'DKEntries.csv', layout: 'DraftKings entries file', then: 'upload' },
  'projection-no-player-column': { fileName: 'proj.csv' },
  'projection-no-value-column': { fileName: 'proj.csv', fields: ['ProjPts', 'ProjOwn'] },
  'projection-name-empty': { fileName: 'proj.csv', line: 7 },
  'import-no-projection-columns': { fileName: 'proj.csv', columns: ['ProjPts', 'Ceiling'] },
  'import-no-entries': { fileName: 'standings.csv' },
  'import-no-slate': { contestType: 'classic', slate: 'Main', sport: 'nfl', site: 'dk', season: 2023, counter: '1' },
  'entries-file': { fileName: 'DKEntries.csv', problem: messages.coded('entries-none', {}) },
  'entries-csv-syntax': { line: 3, reason: 'Unclosed quote' },
  'entries-no-entry-id-column': {},
  'entries-missing-columns': { line: 1, missing: ['Entry Fee'] },
  'entries-slot-columns': { line: 1, found: ['QB'], needed: ['CPT', 'FLEX'] },
  'entries-none': {},
  'entries-none-in-file': { fileName: 'DKEntries.csv' },
  'entries-fill-no-such-lineup': { contest: '12345', lineup: 21, built: 20 },
  'entries-fill-lineup-twice': { contest: '12345', lineup: 3 },
  'unknown-roster': { sport: 'nfl', site: 'ya', contestType: 'showdown', known: ['nfl/dk/classic'] },
  'player-row-not-an-object': { player: 3 },
  'player-row-no-id': { player: 3, name: 'Josh Allen' },
  'player-row-salary': { player: 3, name: 'Josh Allen' },
  'player-row-proj-pts': { player: 3, name: 'Josh Allen' },
  'player-row-position': { player: 3, name: 'Josh Allen', position: 'QBX', positions: ['QB', 'RB'] },
  'player-row-exposure': { player: 3, field: 'MaxExp' },
  'player-pool-empty': {},
  'players-share-id': { first: 1, second: 4, id: '123' },
  'saved-lineup-size': { lineup: 2, players: 8, slots: 9 },
  'saved-lineup-player-not-in-pool': { lineup: 2, id: '123', slot: 'FLEX' },
  'num-lus-below-1': {},
  'min-unique-out-of-range': { max: 9 },
  'min-sal-above-max-sal': { minSal: 50000, maxSal: 49000 },
  'site-rule-impossible': { site: 'DraftKings', min: 2, unit: 'games', left: ['BUF@KC'] },
  'team-stacks-not-a-list': {},
  'team-stacks-row-needs-team': {},
  'specific-stacks-not-a-list': {},
  'stack-rule-not-an-object': { rule: 2 },
  'stack-rule-not-a-count': { rule: 2, field: 'teamWRMin' },
  'stack-rule-primary': { rule: 2 },
  'stack-rule-secondary': { rule: 2 },
  'stack-over-site-limit': { stack: '6-2', site: 'dk', limit: 5 },
  'groups-not-a-list': { kind: 'stack groups' },
  'group-not-an-object': { kind: 'Group', index: 2 },
  'group-players-not-a-list': { group: 'Group 2' },
  'group-min-max': { group: 'Group 2', minGroup: 3, maxGroup: 1 },
  'group-pct': { group: 'Group 2' },
  'late-swap-dk-only': {},
  'late-swap-bad-now': { now: 'later' },
  'late-swap-lineup-shape': { lineup: 2, slate: 'main' },
  'late-swap-lineups-shape': {},
  'late-swap-slate-needs-lineups': { slate: 'main' },
  'late-swap-bad-game-start': { player: 4, name: 'Josh Allen', gameStart: 'soon' },
  'late-swap-lineup-size': { lineup: 2, players: 8, slots: 9 },
  'late-swap-cannot-play': { lineup: 2, name: 'Josh Allen', slot: 'RB' },
  'late-swap-no-active-lineups': {},
  'no-lineup-satisfies-rules': { rules: ['salary cap', 'QB stack'] },
  'lineup-has-no-solution': { lineup: 4, total: 20, rules: ['minUnique', 'exposures'] },
  'simulation-needs-points': {},
  'simulation-no-valid-lineup': {},
  'simulation-absurd-value': { player: 'Josh Allen', field: 'Ceiling', value: 'Infinity', limit: 'at most 1000 points' },
  'simulation-lineup-size': { label: 'lineup 2', players: 8, slots: 9 },
  'simulation-player-not-in-pool': { label: 'lineup 2', id: '123' },
  'simulation-cannot-fill-slot': { label: 'lineup 2', name: 'Josh Allen', slot: 3 },
  'simulation-player-twice': { label: 'lineup 2', name: 'Josh Allen' },
  'simulation-opponents': { label: 'lineup 2', name: 'Fighter A', rival: 'Fighter B' },
  'simulation-over-cap': { label: 'lineup 2', salary: 50600, cap: 50000 },
  'simulation-entries-over-max': { entries: 160, max: 150 },
  'simulation-entry-index': {},
  'simulation-field-too-small': {},
  'lineups-over-entries-per-user': { lineups: 30, max: 20, contest: 'small GPP' },
  'contest-field-size': {},
  'contest-entry-fee': {},
  'contest-rake': {},
  'contest-unknown-template': { template: 'satellite' },
  'payout-table-empty': {},
  'payout-not-a-place': { row: 2, raw: 'first' },
  'payout-not-an-amount': { row: 2, raw: 'abc' },
  'payout-places-out-of-order': { row: 3, from: 15, to: 11 },
  'payout-place-gap': { row: 2, place: 3, expected: 2 },
  'payout-too-many-places': { row: 4 },
  'payout-rises': { place: 2 },
  'payout-more-places-than-field': { places: 3, fieldSize: 2 },
  'selection-not-kept': {},
  'selection-count': {},
  'selection-too-few-lineups': { unique: 3, count: 5 },
  'selection-cancelled': {},
  'selection-exposure-limits': { fitted: 2, count: 5 },
  'payout-file': { fileName: 'payouts.csv', problem: messages.coded('payout-table-empty', {}) },
  'cli-whole-number': { flag: 'sims', min: 10, max: 100000, raw: '5' },
  'cli-flag-needs-simulation': { flag: 'sims' },
  'cli-pool-needs-select': {},
  'cli-pool-below-select': { pool: 10, select: 20 },
  'cli-entry-fee': { raw: '-1' },
  'cli-sim-contest': { templates: ['gpp', 'cash'], raw: 'x' },
  'cli-select-over-entries': { select: 30, max: 20, contest: 'small GPP' },
  'cli-proj-error': { raw: '140' },
  'cli-one-of': { flag: 'site', allowed: ['dk', 'fd'] },
  'cli-season': {},
  'cli-counter': {},
  'cli-file-missing': { command: 'import-salaries' },
  'cli-cannot-read': { fileName: 'x.csv', reason: 'ENOENT' },
  'cli-email-missing': {},
  'cli-no-account': { email: 'a@b.co' },
  'cli-flags-refused': { reason: "Unknown option '--nn'" },
  'cli-missing-flags': { flags: ['sport', 'out'] },
  'cli-missing-lineup-count': {},
  'cli-no-roster': { sport: 'xfl', site: 'dk', contest: 'classic', known: ['nfl/dk/classic'] },
  'cli-cannot-write': { fileName: 'out/lineups.csv', reason: 'EACCES' },
  'cli-json-syntax': { fileName: 'settings.json', reason: 'Unexpected token }', line: 3, column: 7 },
  'cli-settings-not-an-object': { fileName: 'settings.json', got: 'array' },
  'cli-setting-not-true-or-false': { fileName: 'settings.json', key: 'afterStartActivated', got: '"yes"' },
  'cli-setting-not-a-number': { fileName: 'settings.json', key: 'minSal', got: '"50000"' },
  'cli-setting-not-a-list': { fileName: 'settings.json', key: 'groups', got: '{}' },
  'cli-setting-not-lineups': { fileName: 'settings.json', key: 'afterStartLineups', got: '3' },
  'cli-setting-not-one-of': { fileName: 'settings.json', key: 'projPtsRandInput', allowed: ['none', 'low'], got: '"max"' },
  'cli-ceiling-pct': { fileName: 'settings.json', value: 140 },
  'cli-unknown-setting-keys': { fileName: 'settings.json', keys: ['numLus', 'seed'] },
  'cli-season-averages': { fileName: 'DKSalaries.csv', column: 'AvgPointsPerGame' },
  'entries-no-roster': { sport: 'mma', site: 'ya', contestType: 'showdown' },
  'entries-file-no-entries': { fileName: 'DKEntries.csv', layout: 'DraftKings entries file' },
  'entries-lineup-size': { lineup: 2, players: 8, slots: 9 },
  'lineups-not-entered': { lineups: [2, 5], violations: ['DraftKings needs players from at least 2 games in a lineup; this lineup has 1.'] },
  'sport-not-offered': { sport: 'pga', site: 'ya', contestType: 'showdown' },
  'players-have-no-teams': {},
  'payment-refused': { reason: 'The card has expired' },
  'json-too-deep': { maxDepth: 64 },
  'bad-build-request': { problem: messages.coded('message-not-json', {}) },
  'bad-simulation-request': { field: 'players', problem: messages.coded('simulation-players-without-points', { missing: 2, total: 9, examples: ['A', 'B'] }) },
  'request-fields-invalid': { issues: ['simulations: Too small', 'contest.fieldSize: Required'] },
  'simulation-players-without-points': { missing: 2, total: 9, examples: ['A', 'B'] },
  'route-not-found': { method: 'GET', path: '/api/nothing' },
  'request-refused': { reason: 'Request body is too large' },
  'stored-player-invalid': { issues: ['Id: Invalid input', '0.Salary: Expected number'] },
  'unknown-player-id': { id: '42' },
  'export-lineup-size': { lineup: 3, players: 8, roster: 'nfl/dk/classic', slots: 9 },
  'export-lineup-no-slot': { lineup: 3, slot: 'DST', roster: 'nfl/dk/classic' },
  'entries-not-on-slate': { fileName: 'DKEntries.csv', missing: 5, total: 9, examples: ['101', '102', '103'] },
};
const EXAMPLES = {
  ...VARIABLE_EXAMPLES, ...Object.fromEntries(messages.FIXED_MESSAGE_CODES.map((code) => [code, {}])),
} as { [C in messages.MessageCode]: messages.MessageParams[C] };

describe('coded messages: one renderer for every code', () => {
  it('renders every code to a non-empty text with its params in it', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...messages.MESSAGE_CODES].sort());
    for (const code of messages.MESSAGE_CODES) {
      const text = messages.renderMessage({ code, params: EXAMPLES[code] } as messages.CodedMessage);
      expect(text.trim().length, code).toBeGreaterThan(0);
      // A param that is itself a message (a cell's problem) shows as its own rendered text.
      for (const value of Object.values(EXAMPLES[code]).flat()) {
        expect(text, code).toContain(typeof value === 'object' && value !== null ? messages.renderMessage(value as messages.CodedMessage) : String(value));
      }
    }
  });

  it('says which lineup a note among the build warnings is on, and not on the lineup itself', () => {
    expect(messages.renderMessage(messages.coded('kept-as-it-was', { lineup: 3 }))).toBe('Lineup 3: no other lineup fits the rules; it was kept as it was');
    expect(messages.renderMessage(messages.coded('kept-as-it-was', {}))).toBe('no other lineup fits the rules; it was kept as it was');
    expect(messages.isLineupNote(messages.coded('kept-as-it-was', {}))).toBe(true);
    expect(messages.isLineupNote(messages.coded('lineup-limit', { limit: 3 }))).toBe(false);
  });

  it('renders the fixed refusals as the texts the server has always sent', () => {
    expect(messages.renderMessage(messages.coded('not-logged-in', {}))).toBe(apiMessages.NOT_LOGGED_IN);
    expect(messages.renderMessage(messages.coded('reset-link-expired', {}))).toBe('The link has expired. Please send a new reset password link.');
    expect(messages.renderMessage(messages.coded('unable-to-fetch-players', {}))).toBe('unable to fetch players');
    expect(featureNotInPlan('opt.nfl.after_start')).toBe(messages.renderMessage(featureNotInPlanError('opt.nfl.after_start')));
    expect(featureNotInPlan('opt.nfl.after_start')).toMatch(/^Your plan does not include .+\. Upgrade for this feature\.$/);
    expect(overLineupLimit(150, 20)).toBe('Your plan allows 20 lineups per build; 150 were requested. Upgrade to build more.');
  });

  it('renders a received message from its code, and keeps the server\'s text for a code it does not know', () => {
    expect(messages.renderReceived({ code: 'entry-empty', params: {} }, 'old wording')).toBe('the entry is empty: fill it first');
    expect(messages.renderReceived({ code: 'from-a-newer-server', params: {} }, 'its text')).toBe('its text');
    expect(messages.renderReceived(undefined, 'plain text')).toBe('plain text');
    expect(messages.renderReceived(null, undefined)).toBe('');
  });

  it('sends the text with the code and params', () => {
    expect(messages.withText(messages.coded('lineup-limit', { limit: 20 }))).toEqual({
      code: 'lineup-limit', params: { limit: 20 }, message: 'Your plan allows 20 lineups per build; building 20.',
    });
  });
});

describe('coded errors', () => {
  it('carry their code and params, with the rendered text as their message', () => {
    const problem = messages.coded('cell-not-a-number', { raw: 'abc' });
    const error = new messages.CodedError(messages.coded('file-cell', { fileName: 'DKSalaries.csv', line: 4, column: 'Salary', problem }));
    expect(error).toBeInstanceOf(Error);
    expect(error.coded).toEqual({ code: 'file-cell', params: { fileName: 'DKSalaries.csv', line: 4, column: 'Salary', problem } });
    expect(error.message).toBe('DKSalaries.csv line 4, column Salary: "abc" is not a number');
  });

  it('render the texts the readers, the CLI and the server have always written', () => {
    const render = (m: messages.CodedMessage) => messages.renderMessage(m);
    expect(render(messages.coded('file-missing-columns', { fileName: 'a.csv', missing: ['Salary'], found: ['Name'] }))).toBe('a.csv: missing column Salary (found: Name)');
    expect(render(messages.coded('import-missing-columns', { fileName: 'a.csv', missing: ['ID', 'Salary'] }))).toBe('a.csv: line 1: missing columns ID, Salary');
    expect(render(messages.coded('no-player-list', { fileName: 'e.csv', layout: 'DraftKings entries file', then: 'give' })))
      .toBe('e.csv: the DraftKings entries file has no player list: give the salary file too');
    expect(render(messages.coded('no-player-list', { fileName: 'e.csv', layout: 'DraftKings entries file', then: 'upload' })))
      .toBe('e.csv: the DraftKings entries file has no player list: upload the salary file');
    expect(render(messages.coded('no-player-list', { fileName: 'e.csv', layout: 'DraftKings entries file', then: 'give-players' })))
      .toBe('e.csv: the DraftKings entries file has no player list: give --players too');
    expect(render(messages.coded('cli-whole-number', { flag: 'n', min: 1, raw: 'x' }))).toBe('--n must be a whole number ≥ 1 (got "x")');
    expect(render(messages.coded('cli-one-of', { flag: 'rand', allowed: ['none', 'low'], raw: 'max' }))).toBe('--rand must be one of none, low (got "max")');
    expect(render(messages.coded('cli-json-syntax', { fileName: 's.json', reason: 'Unexpected end of JSON input' }))).toBe('s.json: invalid JSON: Unexpected end of JSON input');
    expect(render(messages.coded('cli-json-syntax', { fileName: 's.json', reason: 'Unexpected token', line: 2, column: 5 }))).toBe('s.json line 2, column 5: invalid JSON: Unexpected token');
    expect(render(messages.coded('cli-settings-not-an-object', { fileName: 's.json', got: 'null' }))).toBe('s.json: the settings must be a JSON object of setting keys (got null)');
    expect(render(messages.coded('cli-settings-not-an-object', { fileName: 's.json', got: 'string' }))).toBe('s.json: the settings must be a JSON object of setting keys (got a string)');
    expect(render(messages.coded('late-swap-lineup-shape', { lineup: 2 }))).toBe('after-start lineup 2: a lineup must be a list of player Ids or an object with players');
    expect(render(messages.coded('late-swap-lineup-shape', { lineup: 2, slate: 'main' }))).toBe('after-start lineup 2 of main: a lineup must be a list of player Ids or an object with players');
    expect(render(messages.coded('player-row-salary', { player: 3 }))).toBe('player 3: Salary must be a number ≥ 0');
    expect(render(messages.coded('player-row-salary', { player: 3, name: 'Josh Allen' }))).toBe('player 3 (Josh Allen): Salary must be a number ≥ 0');
    expect(render(messages.coded('payout-file', { fileName: 'p.csv', problem: messages.coded('payout-place-gap', { row: 2, place: 3, expected: 2 }) })))
      .toBe('p.csv: Payout row 2: place 3 should be 2 (places must follow each other from 1)');
    expect(render(messages.coded('payout-rises', { place: 2 }))).toBe('Payout place 2 pays more than place 1');
    expect(render(messages.coded('entries-not-on-slate', { fileName: 'e.csv', missing: 2, total: 9, examples: ['1', '2'] })))
      .toBe('e.csv: 2 of the 9 players in its entries are not on this slate (1, 2): the file is of another slate. Open the slate of these entries, or upload its salary file.');
    expect(render(messages.coded('entries-not-on-slate', { fileName: 'e.csv', missing: 4, total: 9, examples: ['1', '2', '3'] })))
      .toBe('e.csv: 4 of the 9 players in its entries are not on this slate (1, 2, 3, …): the file is of another slate. Open the slate of these entries, or upload its salary file.');
    expect(render(messages.coded('payout-not-an-amount', { row: 1, raw: 'abc' }))).toBe('Payout row 1: "abc" is not an amount');
    expect(render(messages.coded('selection-too-few-lineups', { unique: 120, count: 500 }))).toBe('Only 120 different lineups to choose 500 from');
    expect(render(messages.coded('selection-exposure-limits', { fitted: 2, count: 5 }))).toBe('Only 2 lineups fit the exposure limits; 5 were asked for');
    expect(render(messages.coded('entries-file', { fileName: 'DKEntries.csv', problem: messages.coded('entries-none', {}) })))
      .toBe('DKEntries.csv: The file has no entries (rows with an Entry ID).');
    expect(render(messages.coded('unknown-roster', { sport: 'mma', site: 'ya', contestType: 'classic', known: ['nfl/dk/classic'] })))
      .toBe('No classic roster for mma on ya. Known: nfl/dk/classic');
  });
});
