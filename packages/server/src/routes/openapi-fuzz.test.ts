// Every route of the OpenAPI document (read from the app, so new routes are covered
// without touching this file) is driven with generated bad input on each database: values
// drawn from the route's own schemas, mixed with hostile ones (NUL, huge and odd strings,
// impossible dates, wrong types, prototype keys, JSON nested thousands of levels, broken JSON).
// No answer may be a 5xx; every 4xx carries a JSON {error}. Seeded (FUZZ_SEED to vary it).
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { INTERNAL_ERROR } from '@stacksmith/domain';
import fc, { type Arbitrary } from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../test-support/build-socket-client.js';
import { createTestApp, DB_KINDS, signUp, signUpOnPlan, TEST_SEED, type TestApp } from '../test-support/harness.js';

const SEED = Number(process.env.FUZZ_SEED ?? 21);
/** Cases per database, spread over the operations (a few thousand in all). */
const CASES_PER_DB = 2000;
/** Arrays and objects are kept small: the point is odd values, not big ones. */
const MAX_ITEMS = 3;
const MAX_SCHEMA_DEPTH = 6;

/** Replaced in the serialised body by JSON nested DEEP_LEVELS levels. */
const DEEP_MARKER = '@@deep-json@@';
const DEEP_LEVELS = 20_000;
/** A path value starting with this goes into the URL as it is (not percent-encoded). */
const RAW = 'raw:';
const deepJson = () => (Math.random() < 0.5 ? '['.repeat(DEEP_LEVELS) + ']'.repeat(DEEP_LEVELS) : '{"a":'.repeat(DEEP_LEVELS) + '0' + '}'.repeat(DEEP_LEVELS));

type Schema = OpenAPIV3.SchemaObject & { const?: unknown };

const hostileString: Arbitrary<string> = fc.oneof(
  // NUL anywhere (PostgreSQL text cannot hold it).
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`) },
  // Too long for any field or index; multi-byte too.
  { weight: 2, arbitrary: fc.constantFrom('x'.repeat(5000), 'é'.repeat(1500), '🏈'.repeat(700), `${'a'.repeat(3000)}@example.com`) },
  // Dates that do not exist, or are not dates.
  { weight: 2, arbitrary: fc.constantFrom('2026-11-31', '2023-02-29', '2026-13-01', '0000-00-00', '9999-99-99', '2026-1-1') },
  { weight: 3, arbitrary: fc.constantFrom(
    '\uD800', '-1', '1e309', 'NaN', 'Infinity', '', ' ', '../../etc/passwd', "' OR 1=1 --", '<script>alert(1)</script>', '%00',
    '__proto__', 'constructor', 'toString', 'null', 'true', '[]', '{}', DEEP_MARKER,
    // In a path these go out unencoded: invalid UTF-8 and broken escapes.
    `${RAW}%FF%FE`, `${RAW}%E0%A4%A`, `${RAW}%`, `${RAW}%C0%80`,
  ) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const hostileValue: Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constant(DEEP_MARKER) },
  fc.constantFrom(
    null, true, false, 0, -1, 1.5, -1e308, 1e308, Number.MAX_SAFE_INTEGER, 2 ** 63, [], {}, [null], [[]], { rawTable: [null] },
    JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } }, { toString: 1, valueOf: 1 }, DEEP_MARKER,
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Likely-real values for some parameter names, so that deeper code (a real slate) is reached too. */
const KNOWN: Record<string, unknown[]> = {
  counter: ['1', '22', '2026-11-23'], season: [2023, 2026], brand: ['main'], app: ['main'], slate: ['Main'], lineupSize: [9], numTeams: [24],
  numLUs: [20], kind: ['salaries', 'projections'], team: ['BOS', 'KC'],
  planName: ['Free', 'Pro', 'Elite'], number: ['4242 4242 4242 4242'], expMonth: [12], expYear: [2031],
};

/**
 * How often a part of a value is swapped for a hostile one (1 in n; 0: never). A mix of
 * rates: all-valid cases reach the services and the database, one odd field among valid
 * ones tests each check alone, and chaos tests everything at once.
 */
const HOSTILE_RATES = [0, 12, 3] as const;

/** Values of the schema, each part replaced by a hostile value at the given rate. */
function fromSchema(schema: Schema | undefined, rate: number, depth = 0, name?: string): Arbitrary<unknown> {
  const valid = validFrom(schema ?? {}, rate, depth, name);
  return rate === 0 ? valid : fc.oneof({ weight: rate - 1, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
}

function validFrom(schema: Schema, rate: number, depth: number, name?: string): Arbitrary<unknown> {
  if (depth > MAX_SCHEMA_DEPTH) return fc.constant(null);
  const known = name ? KNOWN[name] : undefined;
  const base = baseFrom(schema, rate, depth);
  const withKnown = known ? fc.oneof(fc.constantFrom(...known), base) : base;
  return schema.nullable ? fc.oneof(fc.constant(null), withKnown) : withKnown;
}

/** Addresses zod takes (fast-check's own generator makes legal but exotic ones it refuses). */
const plainEmail = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,12}$/), fc.constantFrom('example.com', 'test.org'))
  .map(([local, domain]) => `${local.replace(/\.+$/, '').replace(/\.{2,}/g, '.')}@${domain}`);

function baseFrom(schema: Schema, rate: number, depth: number): Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((s) => fromSchema(s as Schema, rate, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0] as Schema, rate, depth + 1);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'email') return plainEmail;
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1e6, Number.MIN_SAFE_INTEGER), max: Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = Math.min(schema.minItems ?? 0, MAX_ITEMS);
      return fc.array(fromSchema(schema.items as Schema, rate, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)) });
    }
    case 'object':
      return objectFrom(schema, rate, depth);
    default:
      return schema.properties ? objectFrom(schema, rate, depth) : fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFrom(schema: Schema, rate: number, depth: number): Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(properties.map(([key, s]) => [key, fromSchema(s as Schema, rate, depth + 1, key)]));
  const required = (schema.required ?? []).filter((key) => key in model);
  const known = fc.record(model, { requiredKeys: required });
  if (schema.additionalProperties === false || rate === 0) return known;
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'toString', 'Id', 'rawTable')), hostileValue, { maxKeys: 2 });
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

interface Operation { method: string; path: string; parameters: OpenAPIV3.ParameterObject[]; body?: Schema | undefined }

function operationsOf(doc: OpenAPIV3.Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item?.[method];
      if (!op) continue;
      const content = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content?.['application/json'];
      operations.push({ method: method.toUpperCase(), path, parameters: (op.parameters ?? []) as OpenAPIV3.ParameterObject[], body: content?.schema as Schema | undefined });
    }
  }
  return operations;
}

type Auth = 'none' | 'user' | 'admin' | 'forged';
type BodyMode = 'json' | 'broken-json' | 'empty' | 'text';

/** A slate of the test seed: cases on it reach real players, stored data and analysis rows. */
const REAL_SLATE: Record<string, unknown> = {
  sport: 'nfl', site: 'dk', contestType: 'classic', brand: 'main', app: 'main', slate: 'Main', season: 2023, counter: '1', week: 1,
};

function requestAt(op: Operation, rate: number, onRealSlate = false) {
  const params = Object.fromEntries(op.parameters.filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => [`${p.in}:${p.name}`, onRealSlate && p.name in REAL_SLATE ? fc.constant(REAL_SLATE[p.name]) : fromSchema(p.schema as Schema, rate, 0, p.name)]));
  return fc.record({
    params: fc.record(params),
    auth: fc.constantFrom<Auth>('none', 'user', 'admin', 'admin', 'forged'),
    body: op.body ? fromSchema(op.body, rate) : rate === 0 ? fc.constant(undefined) : fc.oneof(fc.constant(undefined), hostileValue),
    bodyMode: rate === 0 ? fc.constant<BodyMode>('json')
      : fc.oneof({ weight: 12, arbitrary: fc.constant<BodyMode>('json') }, fc.constantFrom<BodyMode>('broken-json', 'empty', 'text')),
  });
}

function requestFor(op: Operation) {
  return fc.oneof(...HOSTILE_RATES.map((rate) => requestAt(op, rate)), ...HOSTILE_RATES.slice(0, 2).map((rate) => requestAt(op, rate, true)));
}

/** True when the surrogate at i is half of a pair. */
function isPaired(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return code < 0xdc00 ? (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 : (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
}

/** A value as one percent-encoded URL part (lone surrogates, which encodeURIComponent refuses, as their UTF-8 replacement). */
function urlPart(value: unknown): string {
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  if (text.startsWith(RAW)) return text.slice(RAW.length);
  return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, (c, i: number) => (isPaired(text, i) ? c : '\uFFFD')));
}

describe.each(DB_KINDS)('every OpenAPI route with generated bad input on %s', (kind) => {
  let t: TestApp;
  let headers: Record<Auth, Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { loginRateLimit: 100_000 }, TEST_SEED);
    const user = await signUp(t.app);
    const admin = await signUp(t.app);
    await t.app.users.setAdmin(admin.email, true);
    headers = { none: {}, user: user.headers, admin: admin.headers, forged: { authorization: `Bearer ${user.token.slice(0, -4)}AAAA` } };
  });
  afterAll(async () => t.close());

  it('never answers 5xx, and answers every 4xx with a JSON {error}', async () => {
    const operations = operationsOf(t.app.swagger() as OpenAPIV3.Document);
    // The document lists the whole API (today over 40 operations), read from the app itself.
    expect(operations.length).toBeGreaterThan(40);
    const runsPerOperation = Math.ceil(CASES_PER_DB / operations.length);
    const failures: string[] = [];
    let cases = 0;
    for (const [index, op] of operations.entries()) {
      const result = await fc.check(fc.asyncProperty(requestFor(op), async ({ params, auth, body, bodyMode }) => {
        cases++;
        let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => urlPart(params[`path:${name}`]));
        const query = Object.entries(params).filter(([key, value]) => key.startsWith('query:') && value !== undefined)
          .map(([key, value]) => `${encodeURIComponent(key.slice(6))}=${urlPart(value)}`);
        if (query.length > 0) url += `?${query.join('&')}`;
        const request: InjectOptions = { method: op.method as InjectOptions['method'], url, headers: { ...headers[auth] } };
        if (op.method !== 'GET' && op.method !== 'DELETE' && bodyMode !== 'empty') {
          const json = JSON.stringify(body ?? null).replaceAll(`"${DEEP_MARKER}"`, deepJson);
          request.payload = bodyMode === 'broken-json' ? json.slice(0, Math.max(1, json.length - 1)) : json;
          request.headers!['content-type'] = bodyMode === 'text' ? 'text/plain' : 'application/json';
        }
        const res = await t.app.inject(request);
        const where = `${op.method} ${url.slice(0, 300)} (${auth}, ${bodyMode}) -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
        if (res.statusCode >= 400) {
          let error: unknown;
          try {
            error = (res.json() as { error?: unknown }).error;
          } catch {
            throw new Error(`4xx without JSON: ${where}`);
          }
          if (typeof error !== 'string' || error.length === 0) throw new Error(`4xx without {error}: ${where}`);
        }
      }), { seed: SEED + index, numRuns: runsPerOperation, endOnFailure: true });
      if (result.failed) failures.push(`${op.method} ${op.path}: ${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}`);
    }
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(CASES_PER_DB);
    // 10-25 s alone on 2 cores; the margin is for a full parallel suite run.
  }, 180_000);
});

// ---- uploaded files and simulations ----
// The upload routes take CSV text: generated JSON rarely makes a file a reader gets far into.
// These cases start from real files (a DraftKings salary file, an entries file, a projection
// file) and break them as users and attackers do: hostile cells (formulas, quotes, NUL, huge
// numbers), cells spanning lines, rows dropped, doubled or cut, a BOM, CRLF line ends.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const FILES = { salaries: fixture('dk-nfl-week1-salaries.csv'), entries: fixture('dk-nfl-week1-entries.csv'), projections: fixture('projections-by-name.csv') };

const hostileCell: Arbitrary<string> = fc.oneof(
  hostileString,
  fc.constantFrom('=1+1', '=HYPERLINK("http://x.test","x")', '@SUM(A1)', '+1', '-1', '"', '""', '"a\nb"', '1e308', '-1e308', '99999999999999999999', '$', '%', '', ','),
);

/** A real file broken in up to four places. */
function brokenFile(text: string): Arbitrary<string> {
  const rows = text.trimEnd().split('\n').map((row) => row.split(','));
  const edit = fc.oneof(
    fc.tuple(fc.constant('cell' as const), fc.nat(), fc.nat(), hostileCell),
    fc.tuple(fc.constant('drop' as const), fc.nat(), fc.nat(), fc.constant('')),
    fc.tuple(fc.constant('double' as const), fc.nat(), fc.nat(), fc.constant('')),
    fc.tuple(fc.constant('cut' as const), fc.nat(), fc.nat(), fc.constant('')),
  );
  return fc.record({ edits: fc.array(edit, { maxLength: 4 }), bom: fc.boolean(), crlf: fc.boolean() }).map(({ edits, bom, crlf }) => {
    let out = rows.map((row) => [...row]);
    for (const [kind, r, c, cell] of edits) {
      if (out.length === 0) break;
      const at = r % out.length;
      if (kind === 'cell') out[at]![c % out[at]!.length] = cell;
      else if (kind === 'drop') out.splice(at, 1);
      else if (kind === 'double') out.splice(at, 0, [...out[at]!]);
      else out = out.slice(0, at + 1);
    }
    const body = out.map((row) => row.join(',')).join(crlf ? '\r\n' : '\n');
    return `${bom ? '\uFEFF' : ''}${body}`;
  });
}

const UPLOAD_CASES = 40;

describe.each(DB_KINDS)('uploaded files, broken as users and attackers do, on %s', (kind) => {
  let t: TestApp;
  let user: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, TEST_SEED);
    user = (await signUpOnPlan(t, 'Elite')).headers;
  });
  afterAll(async () => t.close());

  const routes: { name: string; file: keyof typeof FILES; request: (csv: string, auth: Record<string, string>) => InjectOptions }[] = [
    { name: 'POST /user-slates', file: 'salaries', request: (csv, headers) => ({ method: 'POST', url: '/api/user-slates', headers, payload: { sport: 'nfl', site: 'dk', season: 2023, counter: '1', fileName: 'DKSalaries.csv', csv } }) },
    { name: 'POST /projections-upload', file: 'projections', request: (csv, headers) => ({ method: 'POST', url: '/api/nfl/projections-upload/main/dk/classic/Main/2023/1', headers, payload: { fileName: 'p.csv', csv } }) },
    { name: 'POST /entries-file', file: 'entries', request: (csv, headers) => ({ method: 'POST', url: '/api/entries-file', headers, payload: { sport: 'nfl', site: 'dk', contestType: 'classic', fileName: 'DKEntries.csv', csv } }) },
  ];

  it.each(routes)('$name never answers 5xx, and every 4xx is a JSON {error}', async (route) => {
    const failures: string[] = [];
    await fc.assert(fc.asyncProperty(brokenFile(FILES[route.file]), fc.boolean(), async (csv, anonymous) => {
      const res = await t.app.inject(route.request(csv, anonymous && route.file === 'projections' ? {} : user));
      const where = `${route.name} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) failures.push(`5xx: ${where}`);
      else if (res.statusCode >= 400 && typeof (res.json() as { error?: unknown }).error !== 'string') failures.push(`4xx without {error}: ${where}`);
    }), { seed: SEED, numRuns: UPLOAD_CASES });
    expect(failures).toEqual([]);
  }, 180_000);
});

describe.each(DB_KINDS)('simulations with generated bad input on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let token: string;
  let players: Record<string, unknown>[];
  beforeAll(async () => {
    t = await createTestApp(kind, { buildWorkers: 1 }, TEST_SEED);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    const elite = await signUpOnPlan(t, 'Elite');
    token = elite.token;
    players = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1', headers: elite.headers })).json().players;
  });
  afterAll(async () => t.close());

  it('never fails inside (no 1011 with an internal error): a bad message is refused with its reason', async () => {
    const base = () => ({
      type: 'simulate', sport: 'nfl', site: 'dk', contestType: 'classic', players, pool: 3, select: 2,
      contest: { template: 'gpp', fieldSize: 50, entryFee: 5 }, simulations: 100, seed: 1,
    });
    const field = fc.constantFrom('sport', 'site', 'contestType', 'players', 'pool', 'select', 'contest', 'simulations', 'seed', 'lineups', 'entries');
    const playerField = fc.constantFrom('Id', 'Salary', 'ProjPts', 'ProjOwn', 'Position', 'TeamAbbrev', 'Ceiling');
    const failures: string[] = [];
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(field, hostileValue), { maxLength: 2 }), fc.option(fc.tuple(fc.nat(), playerField, hostileValue)),
      async (edits, playerEdit) => {
        const message: Record<string, unknown> = { ...base(), token };
        for (const [key, value] of edits) message[key] = value === DEEP_MARKER ? 'deep' : value;
        if (playerEdit && Array.isArray(message.players)) {
          const rows = [...(message.players as Record<string, unknown>[])];
          const at = playerEdit[0] % rows.length;
          rows[at] = { ...rows[at], [playerEdit[1]]: playerEdit[2] };
          message.players = rows;
        }
        const { replies, code } = await runBuild(url, message, { token });
        const errors = replies.flatMap((r) => (r.error ? [r.error] : []));
        const where = `${JSON.stringify(edits).slice(0, 200)} ${JSON.stringify(playerEdit)?.slice(0, 100)} -> ${code} ${errors.join('; ').slice(0, 200)}`;
        if (errors.includes(INTERNAL_ERROR) || errors.includes('The simulation failed') || code === 1006) failures.push(where);
        else if (code !== 1000 && errors.length === 0) failures.push(`closed ${code} without a reason: ${where}`);
      }), { seed: SEED, numRuns: 16 });
    expect(failures).toEqual([]);
  }, 300_000);
});
