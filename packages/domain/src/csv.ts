// CSV in and out, one place for every reader and every download (papaparse underneath).
//
// Reading: rows with the 1-based line each starts on, counted from the text itself, so a
// quoted cell spanning lines does not shift the numbers of the rows after it.
//
// Reading raw: readCsvRawRecords keeps each cell's text as it stands in the file (quotes,
// spaces), so a file written back with a few cells changed keeps every other cell byte for byte.
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

/** One cell of a raw record: its text as in the file, and the value that text stands for. */
export interface CsvRawCell {
  /** The cell's exact text (outer quotes and doubled quotes kept, nothing trimmed). */
  raw: string;
  /** The value: outer quotes removed, doubled quotes undone, a leading byte-order mark dropped. */
  value: string;
}

/**
 * Each record of the text as its cells' raw text and value. Line ends may be \n, \r\n or \r
 * (and a quoted cell may span lines); a blank last line is not a record. A hand-written
 * scanner because papaparse reports where a row ends, not where each of its cells starts.
 */
export function readCsvRawRecords(text: string): CsvRawCell[][] {
  const records: CsvRawCell[][] = [];
  let cells: CsvRawCell[] = [];
  let start = 0;
  let quoted = false;
  const cell = (raw: string): CsvRawCell => ({ raw, value: rawCellValue(raw) });
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') quoted = false; // a doubled quote re-opens at once on the next char
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') { cells.push(cell(text.slice(start, i))); start = i + 1; }
    else if (ch === '\n' || ch === '\r' || ch === undefined) {
      cells.push(cell(text.slice(start, i)));
      if (ch === '\r' && text[i + 1] === '\n') i++;
      if (ch !== undefined || cells.some((c) => c.raw !== '')) records.push(cells);
      cells = [];
      start = i + 1;
    }
  }
  return records;
}

function rawCellValue(raw: string): string {
  const text = raw.replace(/^\uFEFF/, '');
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/""/g, '"') : text;
}

/** One new cell's text for a CSV line: neutralised as writeCsv does, quoted only when CSV needs it. */
export function csvCellText(cell: CsvCell): string {
  const value = String(neutralizeCsvCell(cell ?? '') ?? '');
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
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
