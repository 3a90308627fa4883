import { accessSync, constants, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// npm links a package's bins at `npm ci`, before `npm run build` writes dist/: a bin inside
// dist/ is skipped then and `npx stacksmith-opt` fails on a fresh clone.
describe('the stacksmith-opt bin', () => {
  const packageDir = new URL('..', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as { bin: Record<string, string> };
  const binPath = manifest.bin['stacksmith-opt'];

  it('is a committed file outside dist/, executable, that runs the CLI', () => {
    expect(binPath).toBeDefined();
    expect(binPath!.replace(/^\.\//, '')).not.toMatch(/^dist\//);
    const file = fileURLToPath(new URL(binPath!, packageDir));
    accessSync(file, constants.X_OK);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node')).toBe(true);
    expect(text).toMatch(/from '\.\.\/dist\/cli\.js'/);
    expect(text).toMatch(/runCli\(process\.argv\.slice\(2\)/);
  });
});
