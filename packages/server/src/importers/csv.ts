// CSV reading for the importers: the domain's reader (1-based line numbers, right after a
// multi-line cell), and one error type that names the file, the line and the column of the
// first bad row.
import { CsvSyntaxError, readCsvRows, type CsvTextRow } from '@stacksmith/domain';

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

export interface CsvRow {
  /** 1-based line of the row in the file (the header is line 1). */
  line: number;
  get(column: string): string;
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
}

const norm = (s: string) => s.trim().toLowerCase();

export function readCsv(text: string, file: string, required: readonly string[]): CsvTable {
  let data: CsvTextRow[];
  try {
    data = readCsvRows(text, { skipBlank: true });
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new ImportError(`${file}: line ${error.line}: ${error.reason}`);
    throw error;
  }
  if (data.length === 0) throw new ImportError(`${file}: the file is empty`);
  const header = data[0]!.cells.map((c) => c.trim());
  const index = new Map<string, number>();
  header.forEach((c, i) => { if (c && !index.has(norm(c))) index.set(norm(c), i); });
  const missing = required.filter((c) => !index.has(norm(c)));
  if (missing.length > 0) throw new ImportError(`${file}: line 1: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const rows: CsvRow[] = [];
  for (const { cells, line } of data.slice(1)) {
    rows.push({ line, get: (column) => (cells[index.get(norm(column)) ?? -1] ?? '').trim() });
  }
  if (rows.length === 0) throw new ImportError(`${file}: no rows below the header`);
  return { header, rows };
}

export function has(table: CsvTable, column: string): boolean {
  return table.header.some((c) => norm(c) === norm(column));
}

export function fail(file: string, row: CsvRow, column: string, message: string): never {
  throw new ImportError(`${file}: line ${row.line}: ${column}: ${message}`);
}

export function text(file: string, row: CsvRow, column: string): string {
  const value = row.get(column);
  if (value === '') fail(file, row, column, 'the cell is empty');
  return value;
}

export function number(file: string, row: CsvRow, column: string, options: { optional?: boolean; min?: number; integer?: boolean } = {}): number {
  const raw = row.get(column).replace(/^\$/, '').replace(/%$/, '').replace(/,/g, '');
  if (raw === '') {
    if (options.optional) return 0;
    fail(file, row, column, 'the cell is empty');
  }
  const value = Number(raw);
  if (!Number.isFinite(value)) fail(file, row, column, `"${row.get(column)}" is not a number`);
  if (options.integer && !Number.isInteger(value)) fail(file, row, column, `"${row.get(column)}" is not a whole number`);
  if (options.min !== undefined && value < options.min) fail(file, row, column, `${value} is below ${options.min}`);
  return value;
}
