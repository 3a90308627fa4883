// Player names as the lineup table shows them, so a whole lineup fits a row: "P. Mahomes" for
// "Patrick Mahomes II", the team for a defense ("KC DST"); the full name stays in the tooltip.

const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv', 'v']);
const DEFENSE_POSITIONS = new Set(['DST', 'D', 'DEF']);

export function shortPlayerName(row: { Name: string; Position?: string; TeamAbbrev?: string }): string {
  if (row.Position && DEFENSE_POSITIONS.has(row.Position) && row.TeamAbbrev) return `${row.TeamAbbrev} ${row.Position}`;
  const words = row.Name.trim().split(/\s+/);
  while (words.length > 2 && SUFFIXES.has(words.at(-1)!.toLowerCase())) words.pop();
  if (words.length < 2) return words[0] ?? '';
  return `${words[0]![0]}. ${words.slice(1).join(' ')}`;
}
