import { describe, expect, it } from 'vitest';
import { causeOf, describeDatabaseUrl, isDatabaseUnavailable, isUniqueViolation } from './errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('storage error meanings', () => {
  it('tells unique conflicts of both databases from other constraint errors', () => {
    expect(isUniqueViolation(withCode('23505'))).toBe(true);
    expect(isUniqueViolation(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBe(true);
    expect(isUniqueViolation(withCode('SQLITE_CONSTRAINT_PRIMARYKEY'))).toBe(true);
    expect(isUniqueViolation(withCode('23502'))).toBe(false);
    expect(isUniqueViolation(withCode('SQLITE_CONSTRAINT_NOTNULL'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('knows the database being away from a fault of ours', () => {
    for (const code of ['57P01', '57P03', '08006', '57014', 'ECONNREFUSED', 'ECONNRESET', 'SQLITE_BUSY']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
    for (const code of ['22021', '23505', '42P01', 'SQLITE_ERROR']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('keeps passwords out of the database name', () => {
    expect(describeDatabaseUrl('postgres://app:pw@db:5432/main')).toBe('postgres://app@db:5432/main');
    expect(describeDatabaseUrl('postgresql://app@db/main?password=pw&sslmode=require')).toBe('postgresql://app@db/main?sslmode=require');
    expect(describeDatabaseUrl('not a url')).not.toContain('not a url');
  });

  it('says the cause with its code', () => {
    expect(causeOf(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'))).toBe('connect ECONNREFUSED 127.0.0.1:1');
    expect(causeOf(withCode('57P01', 'terminating connection'))).toBe('terminating connection (57P01)');
    expect(causeOf(new AggregateError([new Error('a'), new Error('b')]))).toBe('a; b');
  });
});
