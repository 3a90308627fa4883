// @vitest-environment jsdom
import '../../test/setup';
import { describe, expect, it, beforeEach, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { NflStackRule } from '@stacksmith/domain';
import type { SlateRef } from '../../api/client';
import { openSlate, settingsIn, testQueryClient, withClient } from '../../test/openSlate';
import { buildExtras, teamStacksQuery } from '../extrasData';
import { MLB_NO_STACK_HINT, TeamStacksTab, forceNothingShare } from './TeamStacksTab';

let n = 0;
let client = testQueryClient();
function setup(sport: 'nfl' | 'mlb' = 'nfl') {
  n += 1;
  const ref: SlateRef = { sport, site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: sport === 'nfl' ? String(n) : `2024-04-0${n % 9 + 1}` };
  client = testQueryClient();
  openSlate(client, ref, { settings: {} });
  client.setQueryData(teamStacksQuery(client, ref, false).queryKey, { teamRows: [{ TeamAbbrev: 'KC', Opp: 'DET' }, { TeamAbbrev: 'DET', Opp: 'KC' }], stackGroups: [] });
  render(<AntApp><TeamStacksTab /></AntApp>, { wrapper: withClient(client) });
}

describe('TeamStacksTab', () => {
  beforeEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('shows the basic table with the disabled Force Nothing remainder of the shipped frequencies', () => {
    setup();
    const table = document.querySelector('.ss-stack-rules') as HTMLElement;
    const forceRow = within(table).getByText('Force Nothing').closest('tr')!;
    expect(forceRow.textContent).toContain('5 %');
    expect(within(forceRow).getByRole('switch')).toBeDisabled();
    expect(within(table).getByText('1+ game stack').closest('tr')!.textContent).toContain('30 %');
  });

  it('edits advanced rules into specificStacks and shows what they leave as the remainder', () => {
    setup();
    fireEvent.click(screen.getByText('Advanced'));
    const settings = () => settingsIn(client)!;
    expect(settings().stackSettingMode).toBe('advanced');
    const seeded = settings().specificStacks as NflStackRule[];
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((r) => !r.disabled)).toBe(true);
    const freq = screen.getByLabelText('Rule 1 freq') as HTMLInputElement;
    fireEvent.change(freq, { target: { value: '10' } });
    fireEvent.blur(freq);
    expect((settings().specificStacks as NflStackRule[])[0]!.freq).toBeCloseTo(0.1);
    expect(forceNothingShare(settings().specificStacks as NflStackRule[])).toBeCloseTo(1 - (settings().specificStacks as NflStackRule[]).reduce((a, r) => a + r.freq, 0));
  });

  it('changes a team flag and a team limit, and the build message carries them', () => {
    setup();
    fireEvent.click(screen.getByLabelText('KC AllowQBStack'));
    const max = screen.getByLabelText('KC TotalMaxWRs') as HTMLInputElement;
    fireEvent.change(max, { target: { value: '2' } });
    fireEvent.blur(max);
    const kc = (buildExtras(client).teamStacks as { TeamAbbrev: string }[]).find((r) => r.TeamAbbrev === 'KC');
    expect(kc).toMatchObject({ AllowQBStack: false, TotalMaxWRs: 2 });
  });

  it('shows the mlb primary-secondary table with the site defaults', () => {
    setup('mlb');
    for (const name of ['5-3', '5-2', '5-0', '4-4', '4-0', '3-0']) expect(screen.getByText(name)).toBeInTheDocument();
  });

  it('says no mlb stack is on while every shape is at Freq 0, and not once one has a Freq', () => {
    setup('mlb');
    expect(screen.getByTestId('mlb-no-stack').textContent).toContain(MLB_NO_STACK_HINT);
    const freq = screen.getByLabelText('Stack 4-4 freq') as HTMLInputElement;
    fireEvent.change(freq, { target: { value: '30' } });
    fireEvent.blur(freq);
    expect(screen.queryByTestId('mlb-no-stack')).toBeNull();
  });

  it('adds an mlb shape the site list lacks (4-3, then 3-3), not one already listed', () => {
    setup('mlb');
    const stacks = () => (settingsIn(client)!.specificStacks as { PrimaryStack: number; SecondaryStack: number }[]).map((r) => `${r.PrimaryStack}-${r.SecondaryStack}`);
    fireEvent.click(screen.getByRole('button', { name: /Add stack/ }));
    expect(stacks()).toEqual(['5-3', '5-2', '5-0', '4-4', '4-3', '4-0', '3-0']);
    expect(screen.getByRole('button', { name: /Add stack/ })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('New stack primary'), { target: { value: '3' } });
    fireEvent.blur(screen.getByLabelText('New stack primary'));
    fireEvent.click(screen.getByRole('button', { name: /Add stack/ }));
    expect(stacks()).toContain('3-3');
    expect(screen.getByText('3-3')).toBeInTheDocument();
  });

  it('keeps the remainder at zero when rules take everything', () => {
    expect(forceNothingShare([{ freq: 0.7 }, { freq: 0.5 }, { freq: 0.2, disabled: true }])).toBe(0);
    expect(forceNothingShare([{ freq: 0.25 }, { freq: 0.5, disabled: true }])).toBeCloseTo(0.75);
  });
});
