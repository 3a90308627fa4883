// Team-name maps: 32 nfl teams, 30 nba teams and 30 mlb teams, keyed by the abbreviations
// DraftKings uses. Other spellings seen in feeds and on other sites map onto them through the
// alias tables. The one place team spellings are told apart (projection matching uses it too).

export type TeamSport = 'nfl' | 'nba' | 'mlb';

export const NFL_TEAMS: Readonly<Record<string, string>> = {
  ARI: 'Arizona Cardinals',
  ATL: 'Atlanta Falcons',
  BAL: 'Baltimore Ravens',
  BUF: 'Buffalo Bills',
  CAR: 'Carolina Panthers',
  CHI: 'Chicago Bears',
  CIN: 'Cincinnati Bengals',
  CLE: 'Cleveland Browns',
  DAL: 'Dallas Cowboys',
  DEN: 'Denver Broncos',
  DET: 'Detroit Lions',
  GB: 'Green Bay Packers',
  HOU: 'Houston Texans',
  IND: 'Indianapolis Colts',
  JAX: 'Jacksonville Jaguars',
  KC: 'Kansas City Chiefs',
  LAC: 'Los Angeles Chargers',
  LAR: 'Los Angeles Rams',
  LV: 'Las Vegas Raiders',
  MIA: 'Miami Dolphins',
  MIN: 'Minnesota Vikings',
  NE: 'New England Patriots',
  NO: 'New Orleans Saints',
  NYG: 'New York Giants',
  NYJ: 'New York Jets',
  PHI: 'Philadelphia Eagles',
  PIT: 'Pittsburgh Steelers',
  SEA: 'Seattle Seahawks',
  SF: 'San Francisco 49ers',
  TB: 'Tampa Bay Buccaneers',
  TEN: 'Tennessee Titans',
  WAS: 'Washington Commanders',
};

/** Other nfl spellings → DraftKings code (older franchise codes included for old feeds). */
export const NFL_TEAM_ALIASES: Readonly<Record<string, string>> = {
  ARZ: 'ARI',
  AZ: 'ARI',
  BLT: 'BAL',
  CLV: 'CLE',
  GNB: 'GB',
  HST: 'HOU',
  JAC: 'JAX',
  KAN: 'KC',
  KCC: 'KC',
  LA: 'LAR',
  STL: 'LAR',
  SD: 'LAC',
  SDG: 'LAC',
  LVR: 'LV',
  OAK: 'LV',
  NWE: 'NE',
  NOR: 'NO',
  SFO: 'SF',
  TAM: 'TB',
  WSH: 'WAS',
};

export const NBA_TEAMS: Readonly<Record<string, string>> = {
  ATL: 'Atlanta Hawks',
  BKN: 'Brooklyn Nets',
  BOS: 'Boston Celtics',
  CHA: 'Charlotte Hornets',
  CHI: 'Chicago Bulls',
  CLE: 'Cleveland Cavaliers',
  DAL: 'Dallas Mavericks',
  DEN: 'Denver Nuggets',
  DET: 'Detroit Pistons',
  GS: 'Golden State Warriors',
  HOU: 'Houston Rockets',
  IND: 'Indiana Pacers',
  LAC: 'Los Angeles Clippers',
  LAL: 'Los Angeles Lakers',
  MEM: 'Memphis Grizzlies',
  MIA: 'Miami Heat',
  MIL: 'Milwaukee Bucks',
  MIN: 'Minnesota Timberwolves',
  NO: 'New Orleans Pelicans',
  NY: 'New York Knicks',
  OKC: 'Oklahoma City Thunder',
  ORL: 'Orlando Magic',
  PHI: 'Philadelphia 76ers',
  PHO: 'Phoenix Suns',
  POR: 'Portland Trail Blazers',
  SA: 'San Antonio Spurs',
  SAC: 'Sacramento Kings',
  TOR: 'Toronto Raptors',
  UTA: 'Utah Jazz',
  WAS: 'Washington Wizards',
};

/** Other nba spellings (NBA.com, Basketball-Reference, FanDuel) → DraftKings code. */
export const NBA_TEAM_ALIASES: Readonly<Record<string, string>> = {
  BRK: 'BKN',
  BRO: 'BKN',
  CHO: 'CHA',
  GSW: 'GS',
  NOP: 'NO',
  NOR: 'NO',
  NYK: 'NY',
  PHX: 'PHO',
  SAS: 'SA',
  UTAH: 'UTA',
  UTH: 'UTA',
  WSH: 'WAS',
};

export const MLB_TEAMS: Readonly<Record<string, string>> = {
  ARI: 'Arizona Diamondbacks',
  ATL: 'Atlanta Braves',
  BAL: 'Baltimore Orioles',
  BOS: 'Boston Red Sox',
  CHC: 'Chicago Cubs',
  CWS: 'Chicago White Sox',
  CIN: 'Cincinnati Reds',
  CLE: 'Cleveland Guardians',
  COL: 'Colorado Rockies',
  DET: 'Detroit Tigers',
  HOU: 'Houston Astros',
  KC: 'Kansas City Royals',
  LAA: 'Los Angeles Angels',
  LAD: 'Los Angeles Dodgers',
  MIA: 'Miami Marlins',
  MIL: 'Milwaukee Brewers',
  MIN: 'Minnesota Twins',
  NYM: 'New York Mets',
  NYY: 'New York Yankees',
  ATH: 'Athletics',
  PHI: 'Philadelphia Phillies',
  PIT: 'Pittsburgh Pirates',
  SD: 'San Diego Padres',
  SF: 'San Francisco Giants',
  SEA: 'Seattle Mariners',
  STL: 'St. Louis Cardinals',
  TB: 'Tampa Bay Rays',
  TEX: 'Texas Rangers',
  TOR: 'Toronto Blue Jays',
  WSH: 'Washington Nationals',
};

/** Other mlb spellings (Baseball-Reference, FanGraphs, older feeds) → DraftKings code. */
export const MLB_TEAM_ALIASES: Readonly<Record<string, string>> = {
  AZ: 'ARI',
  CHW: 'CWS',
  KCR: 'KC',
  ANA: 'LAA',
  LAN: 'LAD',
  FLA: 'MIA',
  OAK: 'ATH',
  SDP: 'SD',
  SFG: 'SF',
  TBR: 'TB',
  TBD: 'TB',
  WAS: 'WSH',
  WSN: 'WSH',
};

const TEAMS: Readonly<Record<TeamSport, Readonly<Record<string, string>>>> = { nfl: NFL_TEAMS, nba: NBA_TEAMS, mlb: MLB_TEAMS };
const ALIASES: Readonly<Record<TeamSport, Readonly<Record<string, string>>>> = {
  nfl: NFL_TEAM_ALIASES, nba: NBA_TEAM_ALIASES, mlb: MLB_TEAM_ALIASES,
};
const TEAM_SPORTS: readonly TeamSport[] = ['nfl', 'nba', 'mlb'];

/** The DraftKings code of a team abbreviation (any case, aliases accepted), or null if unknown. */
export function canonicalTeamCode(sport: TeamSport, abbreviation: string): string | null {
  const code = abbreviation.trim().toUpperCase();
  if (Object.hasOwn(TEAMS[sport], code)) return code;
  return Object.hasOwn(ALIASES[sport], code) ? ALIASES[sport][code]! : null;
}

/** The full team name of an abbreviation (aliases accepted), or null if unknown. */
export function teamFullName(sport: TeamSport, abbreviation: string): string | null {
  const code = canonicalTeamCode(sport, abbreviation);
  return code === null ? null : TEAMS[sport][code]!;
}

/**
 * True when two abbreviations name the same team ('SDP' and 'SD', 'JAC' and 'JAX'). With the
 * sport, its table decides; without it (a projection file says nothing of its sport), any
 * sport whose table reads both as one team does: one slate is one sport, so codes of two
 * sports never meet.
 */
export function sameTeam(a: string, b: string, sport?: TeamSport): boolean {
  const left = a.trim().toUpperCase();
  const right = b.trim().toUpperCase();
  if (left === right) return left !== '';
  return (sport ? [sport] : TEAM_SPORTS).some((s) => {
    const code = canonicalTeamCode(s, left);
    return code !== null && code === canonicalTeamCode(s, right);
  });
}
