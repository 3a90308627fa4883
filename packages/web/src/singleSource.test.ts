// Guards two rules over the web app's source: messages live in packages/domain only
// (never retyped here), and every Ant Design tooltip, table sorter hints included, waits the
// same 0.7 s.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as messages from '../../domain/src/messages';
import * as apiMessages from '../../domain/src/api-messages';

const root = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code without comments, so that a comment may quote the spec. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

const files = sourceFiles(root).map((path) => ({ name: relative(root, path), code: withoutComments(readFileSync(path, 'utf8')) }));

/** The opening tags `<Tooltip ...>` of a file, braces balanced so that `=>` inside props does not end a tag. */
function tooltipTags(code: string): string[] {
  const tags: string[] = [];
  for (let start = code.indexOf('<Tooltip'); start >= 0; start = code.indexOf('<Tooltip', start + 1)) {
    let depth = 0;
    let end = start;
    for (; end < code.length; end += 1) {
      const ch = code[end];
      if (ch === '{') depth += 1;
      else if (ch === '}') depth -= 1;
      else if (ch === '>' && depth === 0) break;
    }
    tags.push(code.slice(start, end + 1));
  }
  return tags;
}

/**
 * A controlled tooltip (`open`) has no hover of its own: the file that opens it must wait the
 * same delay itself (the players table's one shared tooltip does).
 */
function opensAfterTheDelay(tag: string, code: string): boolean {
  return /\sopen[\s={>]/.test(tag) && /TOOLTIP_HOVER_DELAY_SECONDS\s*\*\s*1000/.test(code);
}

describe('web source rules', () => {
  it('never retypes a domain message', () => {
    const texts = (Object.values({ ...messages, ...apiMessages }) as unknown[]).filter((v): v is string => typeof v === 'string' && v.length >= 8);
    expect(texts.length).toBeGreaterThan(20);
    const retyped = files.flatMap(({ name, code }) =>
      texts.filter((text) => [`'${text}'`, `"${text}"`, `\`${text}\``].some((q) => code.includes(q))).map((text) => `${name}: ${text}`),
    );
    expect(retyped).toEqual([]);
  });

  it('gives every Ant Design tooltip the 0.7 s hover delay', () => {
    const antdTooltipFiles = files.filter(({ code }) => /import\s*{[^}]*\bTooltip\b[^}]*}\s*from\s*'antd'/.test(code));
    expect(antdTooltipFiles.length).toBeGreaterThan(0);
    const missing = antdTooltipFiles.flatMap(({ name, code }) =>
      tooltipTags(code).filter((tag) => !tag.includes('mouseEnterDelay={TOOLTIP_HOVER_DELAY_SECONDS}') && !opensAfterTheDelay(tag, code)).map((tag) => `${name}: ${tag.slice(0, 60)}`),
    );
    expect(missing).toEqual([]);
  });

  it('never retypes the lineup limit (MAX_LINEUP_LIMIT)', () => {
    const retyped = files.flatMap(({ name, code }) =>
      code.split('\n').filter((line) => /\b150\b/.test(line) && !/\bwidth\b/.test(line)).map((line) => `${name}: ${line.trim()}`),
    );
    expect(retyped).toEqual([]);
  });

  it("gives the sorter hint of every sortable table the same delay", () => {
    const sortable = files.filter(({ code }) => /\bsorter\b/.test(code) && code.includes('<Table'));
    expect(sortable.length).toBeGreaterThan(0);
    const missing = sortable
      .filter(({ code }) => code.split('<Table').length !== code.split('showSorterTooltip={SORTER_TOOLTIP}').length)
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });
});
