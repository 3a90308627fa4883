// CSV in and out, one place for every reader and every download (papaparse underneath).
//
// Reading: rows with the 1-based line each starts on, counted from the text itself, so a
// quoted cell spanning lines does not shift the numbers of the rows after it.
//
// Writing: every download (lineups, groups, entries, projections, props, analysis) goes
// through writeCsv, which neutralises formula cells as OWASP recommends ("CSV Injection"): a
// text cell starting with =, +, -, @, a tab or a carriage return is prefixed with a single
// quote, so a spreadsheet shows it as text instead of running it. Numbers stay numbers: a
// number value, and a text cell that is a plain number (-5, +3.2, +350 odds, -1,234.5), are
// written unchanged, and every other cell is written byte for byte as given.
import Papa from 'papaparse';

export interface CsvTextRow {
  /** The cells as read (not trimmed). */
  cells: string[];
  /** 1-based line of the file the row starts on. */
  line: number;
}

/** A syntax error of the file (an unclosed quote), with the line of the row it is on. */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number, readonly reason: string) {
    super(`line ${line}: ${reason}`);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Every row of the text with its line, a leading byte-order mark dropped. Blank rows are kept
 * unless `skipBlank` (a row of empty or blank cells). Throws CsvSyntaxError on a broken quote.
 */
export function readCsvRows(text: string, options: { skipBlank?: boolean } = {}): CsvTextRow[] {
  const source = text.replace(/^\uFEFF/, '');
  const rows: CsvTextRow[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    step: (result) => {
      const rowLine = line;
      const end = result.meta.cursor;
      for (let i = start; i < end; i++) if (source.charCodeAt(i) === 10) line += 1;
      start = end;
      const error = result.errors.find((e) => e.code !== 'UndetectableDelimiter');
      if (error) throw new CsvSyntaxError(rowLine, error.message);
      // Blank rows are dropped as they come: a file of a million newlines holds no million rows.
      if (options.skipBlank && result.data.every((cell) => cell.trim() === '')) return;
      rows.push({ cells: result.data, line: rowLine });
    },
  });
  return rows;
}

export type CsvCell = string | number | boolean | null | undefined;

/** A text cell that is a plain number (sign, digits, separators, decimals, exponent, percent). */
const PLAIN_NUMBER = /^[+-]?\$?(\d{1,3}(,\d{3})+|\d*)(\.\d+)?(e[+-]?\d+)?%?$/i;
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as written: a text cell a spreadsheet would run as a formula gets a leading quote. */
export function neutralizeCsvCell(cell: CsvCell): CsvCell {
  if (typeof cell !== 'string' || !FORMULA_START.test(cell)) return cell;
  if (/\d/.test(cell) && PLAIN_NUMBER.test(cell)) return cell;
  return `'${cell}`;
}

/** The CSV of a header and rows ('\n' line ends, a trailing newline), formula cells neutralised. */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const data = [header, ...rows].map((row) => row.map((cell) => neutralizeCsvCell(cell ?? '')));
  return `${Papa.unparse(data, { newline: '\n' })}\n`;
}
