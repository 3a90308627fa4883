// CSV reading for the importers: the domain's reader (1-based line numbers, right after a
// multi-line cell), and one error type that names the file, the line and the column of the
// first bad row. Its message is coded, so the admin route answers with the code too.
import { coded, CodedError, CsvSyntaxError, readCsvRows, type CodedMessage, type CsvTextRow } from '@stacksmith/domain';

export class ImportError extends CodedError {
  constructor(message: CodedMessage) {
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
    if (error instanceof CsvSyntaxError) throw new ImportError(coded('import-csv-syntax', { fileName: file, line: error.line, reason: error.reason }));
    throw error;
  }
  if (data.length === 0) throw new ImportError(coded('file-empty', { fileName: file }));
  const header = data[0]!.cells.map((c) => c.trim());
  const index = new Map<string, number>();
  header.forEach((c, i) => { if (c && !index.has(norm(c))) index.set(norm(c), i); });
  const missing = required.filter((c) => !index.has(norm(c)));
  if (missing.length > 0) throw new ImportError(coded('import-missing-columns', { fileName: file, missing }));
  const rows: CsvRow[] = [];
  for (const { cells, line } of data.slice(1)) {
    rows.push({ line, get: (column) => (cells[index.get(norm(column)) ?? -1] ?? '').trim() });
  }
  if (rows.length === 0) throw new ImportError(coded('file-no-rows', { fileName: file }));
  return { header, rows };
}

export function has(table: CsvTable, column: string): boolean {
  return table.header.some((c) => norm(c) === norm(column));
}

export function fail(file: string, row: CsvRow, column: string, problem: CodedMessage): never {
  throw new ImportError(coded('import-cell', { fileName: file, line: row.line, column, problem }));
}

export function text(file: string, row: CsvRow, column: string): string {
  const value = row.get(column);
  if (value === '') fail(file, row, column, coded('cell-empty', {}));
  return value;
}

export function number(file: string, row: CsvRow, column: string, options: { optional?: boolean; min?: number; integer?: boolean } = {}): number {
  const raw = row.get(column).replace(/^\$/, '').replace(/%$/, '').replace(/,/g, '');
  if (raw === '') {
    if (options.optional) return 0;
    fail(file, row, column, coded('cell-empty', {}));
  }
  const value = Number(raw);
  if (!Number.isFinite(value)) fail(file, row, column, coded('cell-not-a-number', { raw: row.get(column) }));
  if (options.integer && !Number.isInteger(value)) fail(file, row, column, coded('cell-not-a-whole-number', { raw: row.get(column) }));
  if (options.min !== undefined && value < options.min) fail(file, row, column, coded('cell-value-below', { value, min: options.min }));
  return value;
}
