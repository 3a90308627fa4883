// The environment is checked at start-up: a bad value refuses to start with the variable named.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.js';

describe('configuration from the environment', () => {
  it('reads the defaults and good values', () => {
    const config = configFromEnv({ MAX_BUILDS_PER_USER: '3', SPECIAL_BUILD_MODE: 'yes', PORT: '9000', UPLOAD_RATE_LIMIT_PER_USER: '7' });
    expect(config.maxBuildsPerUser).toBe(3);
    expect(config.specialBuildMode).toBe(true);
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('http://localhost:9000');
    expect(config.uploadRateLimitPerUser).toBe(7);
    expect(configFromEnv({}).maxBuildsPerUser).toBe(2);
    expect(configFromEnv({ MAX_BUILDS_PER_USER: '' }).maxBuildsPerUser).toBe(2);
  });

  it('refuses a bad value, naming the variable, instead of a NaN that turns a limit off', () => {
    expect(() => configFromEnv({ MAX_BUILDS_PER_USER: 'abc' })).toThrow('bad configuration: MAX_BUILDS_PER_USER: expected a whole number of at least 1; got abc');
    expect(() => configFromEnv({ LOGIN_RATE_LIMIT: '2.5' })).toThrow(/LOGIN_RATE_LIMIT: expected a whole number/);
    expect(() => configFromEnv({ BUILD_WORKERS: '0' })).toThrow(/BUILD_WORKERS: expected a whole number of at least 1; got 0/);
    expect(() => configFromEnv({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: expected true or false; got maybe/);
    expect(() => configFromEnv({ PORT: 'x', TOKEN_TTL_SECONDS: '-1' })).toThrow(/PORT: .*; TOKEN_TTL_SECONDS: /);
  });

  it('the server refuses to start with MAX_BUILDS_PER_USER=abc: one clear line, a non-zero exit', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, MAX_BUILDS_PER_USER: 'abc', DATABASE_URL: '', PORT: '0' }, encoding: 'utf8', timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Stacksmith could not start: bad configuration: MAX_BUILDS_PER_USER: expected a whole number of at least 1; got abc');
  });
});
