// The demo data set's rows before they are written to the database.
import type { ContestLineupEntry } from '@stacksmith/domain';

export type DemoPlayer = Record<string, unknown> & { Id: string; RosterPosition?: string };

export interface DemoSlate {
  sport: string;
  site: string;
  contestType: 'classic' | 'showdown';
  season: number;
  counter: string;
  name: string;
  updatedAt: string;
  maxSalary: number;
  players: DemoPlayer[];
}

export interface DemoGameLog {
  sport: string;
  season: number;
  week: number;
  playerName: string;
  position: string;
  team: string;
  data: Record<string, unknown>;
}

export interface DemoProp {
  sport: string;
  season: number;
  week: number;
  market: string;
  name: string;
  team: string;
  position: string;
  oddsAmerican: number;
}

export interface DemoContestResult {
  sport: string;
  site: string;
  contestType: string;
  season: number;
  counter: string;
  slate: string;
  contestName: string;
  fieldSize: number;
  cashLine: number;
  rank: number;
  entryName: string;
  points: number;
  lineup: ContestLineupEntry[];
}

export interface DemoData {
  slates: DemoSlate[];
  gameLogs: DemoGameLog[];
  props: DemoProp[];
  contestResults: DemoContestResult[];
}
