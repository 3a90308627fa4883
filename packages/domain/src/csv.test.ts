import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvOf } from './analysis-export.js';
import { csvCellText, neutralizeCsvCell, readCsvRawRecords, readCsvRows, writeCsv } from './csv.js';
import { entriesUploadCsv, readEntriesUpload } from './entries-upload.js';
import { groupsCsv } from './group-export.js';
import { lineupsUploadCsv, type LineupRow } from './lineup-export.js';
import { getRoster } from './roster.js';

describe('writeCsv: formula cells neutralised (OWASP CSV injection)', () => {
  it('prefixes a quote to text cells starting with =, +, -, @, tab or CR', () => {
    for (const cell of ['=1+1', '=HYPERLINK("http://x.test","click")', '+A1', '-2+3', '@SUM(A1)', '\tX', '\rX', '-', '+cmd|calc']) {
      expect(neutralizeCsvCell(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves real numbers, numeric text and ordinary text as they are', () => {
    for (const cell of ['-5', '+3.2', '+350', '-120', '-1,234.5', '-0.5%', '1e3', 'Smith, Jr.', 'NFL $5 Single Entry', 'A=B', '']) {
      expect(neutralizeCsvCell(cell)).toBe(cell);
    }
    expect(neutralizeCsvCell(-5)).toBe(-5);
    expect(writeCsv(['a', 'b'], [[-5, '+3.2'], [null, undefined]])).toBe('a,b\n-5,+3.2\n,\n');
  });

  it('a spreadsheet reading the file back sees the text, never a formula', () => {
    const csv = writeCsv(['Name'], [['=1+1'], ['@cmd']]);
    expect(Papa.parse<string[]>(csv.trim()).data.slice(1).map((r) => r[0])).toEqual(["'=1+1", "'@cmd"]);
  });

  it('every export goes through it: lineups, groups, entries, projections', () => {
    const roster = getRoster('nfl', 'dk', 'showdown');
    const rows: LineupRow[] = roster.slots.map((slot, i) => ({
      Id: i === 0 ? '=1+1' : String(100 + i), Name: 'x', Position: 'QB', TeamAbbrev: 'KC', Salary: 1, ProjPts: 1, ProjOwn: 1, Run: 1, Slot: slot.label,
    }));
    expect(lineupsUploadCsv([{ rawTable: rows }], roster).split('\n')[1]!.startsWith("'=1+1,")).toBe(true);
    const entries = entriesUploadCsv([{ rawTable: rows, entry: { entryId: '1', contestName: '@evil', contestId: '2', entryFee: '$5' } }], roster);
    expect(entries.split('\n')[1]).toMatch(/^1,'@evil,2,\$5,'=1\+1,/);
    const groups = groupsCsv([{ Id: '1', Name: '=HYPERLINK("x")', Team: 'KC', Group: '-g', minGroup: 1, maxGroup: 2, Pct: -5, KeyPlayer: false }]);
    expect(groups.split('\n')[1]).toBe(`1,"'=HYPERLINK(""x"")",KC,'-g,1,2,-5,false`);
    expect(csvOf(['Name', 'Odds'], [{ Name: '+x', Odds: '+350' }])).toBe("Name,Odds\n'+x,+350\n");
  });
});

describe('readCsvRows: one reader, lines counted from the text', () => {
  it('numbers rows after a quoted cell spanning lines by the line they start on', () => {
    const rows = readCsvRows('\uFEFFa,b\n"two\nlines",1\n\nx,2\n', { skipBlank: true });
    expect(rows.map((r) => [r.cells[0], r.line])).toEqual([['a', 1], ['two\nlines', 2], ['x', 5]]);
  });

  it('an entries file names the header line after a multi-line cell', () => {
    const roster = getRoster('nfl', 'dk', 'showdown');
    const text = `"note\nover\nlines"\nEntry ID,Contest Name,Contest ID,Entry Fee,CPT\n`;
    expect(() => readEntriesUpload(text, roster)).toThrow(/^Line 4: the slot columns/);
  });
});

describe('readCsvRawRecords: each cell as it stands in the file, and its value', () => {
  it('keeps quotes, spaces and quoted line ends in raw, and undoes them in value', () => {
    const text = '\uFEFFEntry ID, "Contest, Name" \r\n1,"say ""hi""\nthere"\r\n\r\n2,\n';
    const records = readCsvRawRecords(text);
    expect(records.map((r) => r.map((c) => c.raw))).toEqual([['\uFEFFEntry ID', ' "Contest, Name" '], ['1', '"say ""hi""\nthere"'], [''], ['2', '']]);
    expect(records[0]![0]!.value).toBe('Entry ID');
    expect(records[1]![1]!.value).toBe('say "hi"\nthere');
    // Raw cells joined back with the file's line end give the text again.
    const crlf = 'a, "b,c" ,d\r\n"x""y",,z\r\n';
    expect(readCsvRawRecords(crlf).map((r) => r.map((c) => c.raw).join(',')).join('\r\n') + '\r\n').toBe(crlf);
  });

  it('writes a new cell neutralised and quoted only when needed', () => {
    expect(csvCellText('123')).toBe('123');
    expect(csvCellText('a,b')).toBe('"a,b"');
    expect(csvCellText('say "x"')).toBe('"say ""x"""');
    expect(csvCellText('=cmd')).toBe("'=cmd");
    expect(csvCellText(null)).toBe('');
  });
});
