import { describe, expect, it } from 'vitest';
import {
  MLB_TEAMS, MLB_TEAM_ALIASES, NBA_TEAMS, NBA_TEAM_ALIASES, NFL_TEAMS, NFL_TEAM_ALIASES, canonicalTeamCode, sameTeam, teamFullName,
} from './teams.js';

describe('team maps', () => {
  it('cover 32 nfl and 30 nba teams with distinct names', () => {
    expect(Object.keys(NFL_TEAMS)).toHaveLength(32);
    expect(new Set(Object.values(NFL_TEAMS)).size).toBe(32);
    expect(Object.keys(NBA_TEAMS)).toHaveLength(30);
    expect(new Set(Object.values(NBA_TEAMS)).size).toBe(30);
  });

  it('use DraftKings codes', () => {
    for (const code of ['JAX', 'LAR', 'LV', 'WAS', 'LAC', 'KC']) expect(NFL_TEAMS).toHaveProperty(code);
    for (const code of ['GS', 'NY', 'NO', 'SA', 'PHO', 'BKN']) expect(NBA_TEAMS).toHaveProperty(code);
    expect(teamFullName('nfl', 'LV')).toBe('Las Vegas Raiders');
    expect(teamFullName('nba', 'GS')).toBe('Golden State Warriors');
  });

  it('accept aliases and any case', () => {
    expect(canonicalTeamCode('nfl', 'jac')).toBe('JAX');
    expect(canonicalTeamCode('nfl', 'WSH')).toBe('WAS');
    expect(canonicalTeamCode('nfl', 'OAK')).toBe('LV');
    expect(canonicalTeamCode('nba', 'GSW')).toBe('GS');
    expect(canonicalTeamCode('nba', ' nyk ')).toBe('NY');
    expect(teamFullName('nba', 'PHX')).toBe('Phoenix Suns');
  });

  it('keep the sports apart and reject unknown codes', () => {
    expect(canonicalTeamCode('nba', 'JAX')).toBeNull();
    expect(canonicalTeamCode('nfl', 'GSW')).toBeNull();
    expect(teamFullName('nfl', 'XYZ')).toBeNull();
    expect(canonicalTeamCode('nfl', 'constructor')).toBeNull();
  });

  it('map every alias onto a known code, never onto another alias', () => {
    for (const target of Object.values(NFL_TEAM_ALIASES)) expect(NFL_TEAMS).toHaveProperty(target);
    for (const target of Object.values(NBA_TEAM_ALIASES)) expect(NBA_TEAMS).toHaveProperty(target);
    for (const alias of Object.keys(NFL_TEAM_ALIASES)) expect(NFL_TEAMS).not.toHaveProperty(alias);
    for (const alias of Object.keys(NBA_TEAM_ALIASES)) expect(NBA_TEAMS).not.toHaveProperty(alias);
  });

  it('mlb: 30 teams, the Padres as SD whatever the source writes', () => {
    expect(Object.keys(MLB_TEAMS)).toHaveLength(30);
    for (const target of Object.values(MLB_TEAM_ALIASES)) expect(MLB_TEAMS).toHaveProperty(target);
    expect(canonicalTeamCode('mlb', 'SDP')).toBe('SD');
    expect(canonicalTeamCode('mlb', 'WSN')).toBe('WSH');
  });

  it('sameTeam: by the sport when known, else by any sport that reads both as one team', () => {
    expect(sameTeam('SDP', 'SD')).toBe(true);
    expect(sameTeam('SDP', 'SD', 'mlb')).toBe(true);
    expect(sameTeam('SD', 'LAC', 'nfl')).toBe(true);
    expect(sameTeam('SD', 'LAC', 'mlb')).toBe(false);
    expect(sameTeam('PHX', 'pho')).toBe(true);
    expect(sameTeam('JAC', 'JAX')).toBe(true);
    expect(sameTeam('KC', 'DAL')).toBe(false);
    expect(sameTeam('', '')).toBe(false);
  });
});
