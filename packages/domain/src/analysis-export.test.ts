import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvOf, formatAmericanOdds, PROJECTIONS_CSV_COLUMNS, projectionsCsvName, propsCsvName } from './analysis-export.js';

describe('analysis CSV downloads', () => {
  it('writes the columns in order with empty cells for missing values and quotes commas', () => {
    const csv = csvOf(['Name', 'Salary', 'ProjOwn'], [{ Name: 'Smith, Jr.', Salary: 5000, ProjOwn: null }, { Name: 'Lee', Salary: 4000, ProjOwn: 3.5 }]);
    expect(csv.split('\n')).toEqual(['Name,Salary,ProjOwn', '"Smith, Jr.",5000,', 'Lee,4000,3.5', '']);
    expect(Papa.parse(csvOf(PROJECTIONS_CSV_COLUMNS, [])).data[0]).toEqual([...PROJECTIONS_CSV_COLUMNS]);
  });

  it('names files with week and season', () => {
    expect(projectionsCsvName('dk', 'Main', 3, 2023)).toBe('projections_dk_Main_week3_2023.csv');
    expect(projectionsCsvName('fd', 'KC@BUF', 22, 2023)).toBe('projections_fd_KC@BUF_week22_2023.csv');
    expect(propsCsvName(1, 2023)).toBe('props_week1_2023.csv');
  });

  it('prints American odds with a sign', () => {
    expect(formatAmericanOdds(350)).toBe('+350');
    expect(formatAmericanOdds(-120)).toBe('-120');
  });
});
