import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appHeaders,
  createTestApp,
  freshIp,
  logInNewMember,
  type TestApp,
} from '../../test/test-app.js';

/**
 * The API fuzzed from its own document (issue 45): for every operation in /api/openapi.json,
 * requests made from the operation's schemas, valid and broken (wrong types, missing or extra
 * fields, huge strings, NUL bytes, odd unicode, bad JSON, wrong content types, bad query
 * values), logged out, as a member and (under /api/admin/) as staff inside the window. No
 * answer may be a 5xx, and every status must be one the document lists for the operation:
 * a client generated from the document is never surprised.
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
};
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
}

/** The seed printed with a failure; FUZZ_SEED replays another. */
const SEED = Number(process.env.FUZZ_SEED ?? 45);
const RUNS = 20;
const ADMIN = 'fuzz-admin@amora-staff.example';
/** Calls that end the caller's session: each gets a member of its own. */
const ENDS_SESSION = new Set(['getLogout', 'deleteUser', 'deleteSessions']);

const ODD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil\u202c',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍❤️‍💋‍👨',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  '\uFFFF',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '-1',
  '1e400',
  'NaN',
  '9007199254740993',
  '',
  ' ',
];
const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);
/** Past what any field accepts, but under the 1 MiB body limit. */
const longString = fc.integer({ min: 3_000, max: 200_000 }).map((n) => 'x'.repeat(n));
/** Past the body limit: 413. */
const hugeString = fc.constant('y'.repeat(1024 * 1024 + 10));
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  oddString,
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

function typesOf(schema: Schema): string[] {
  if (schema.type) return [schema.type].flat();
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  if ('const' in schema) return [schema.const === null ? 'null' : typeof schema.const];
  return [];
}

/** A value the schema accepts (as far as JSON Schema says: the server may still refuse it). */
function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valid(s, depth)));
  const type = [schema.type ?? 'string'].flat()[0];
  switch (type) {
    case 'string': {
      if (typeof schema.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length < 300);
        } catch {
          // A pattern fast-check cannot invert: any string.
        }
      }
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'uri') return fc.webUrl();
      if (schema.format === 'email') return fc.emailAddress();
      const min = Number(schema.minLength ?? 0);
      const max = Math.min(Number(schema.maxLength ?? 40), min + 40);
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : -10;
      const max = Number(schema.maximum ?? min + 1000);
      return fc.oneof(
        fc.integer({
          min: Math.max(min, -1e6),
          max: Math.min(max, 1e6, Math.max(min, -1e6) + 100),
        }),
        fc.constantFrom(min, Math.min(max, Number.MAX_SAFE_INTEGER)),
      );
    }
    case 'number':
      return fc.double({
        min: Number(schema.minimum ?? -1e6),
        max: Number(schema.maximum ?? 1e6),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(valid(schema.items ?? {}, depth + 1), {
            minLength: Number(schema.minItems ?? 0),
            maxLength: Math.min(Number(schema.maxItems ?? 3), Number(schema.minItems ?? 0) + 3),
          });
    default: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, s] of Object.entries(properties)) record[key] = valid(s, depth + 1);
      return depth > 3
        ? fc.constant({})
        : fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) });
    }
  }
}

/** A value of another type than the schema takes. */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  return anyJson.filter((v) => {
    const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    const as = t === 'number' && Number.isInteger(v) ? ['number', 'integer'] : [t];
    return !as.some((x) => types.includes(x));
  });
}

/** One broken or odd version of a valid object: what a hostile or buggy client sends. */
function mangledObject(schema: Schema): fc.Arbitrary<unknown> {
  const properties = Object.keys(schema.properties ?? {});
  const base = valid(schema) as fc.Arbitrary<Record<string, unknown>>;
  const onField = (value: (key: string) => fc.Arbitrary<unknown>) =>
    properties.length === 0
      ? fc.tuple(base, oddString).map(([b, v]) => ({ ...b, odd: v }))
      : fc
          .tuple(base, fc.constantFrom(...properties))
          .chain(([b, key]) => value(key).map((v) => ({ ...b, [key]: v })));
  return fc.oneof(
    onField((key) => wrongType(schema.properties?.[key] ?? {})),
    onField(() => oddString),
    onField(() => longString),
    onField(() => fc.oneof(fc.constant(-1), fc.constant(0), fc.constant(2 ** 53), fc.double())),
    base.map((b) => {
      const copy = { ...b };
      delete copy[(schema.required ?? [])[0] ?? properties[0] ?? 'x'];
      return copy;
    }),
    base.map((b) => ({ ...b, extra_field: 'surprise', ['__proto__']: { admin: true } })),
    wrongType({ type: 'object' }),
  );
}

type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | undefined; payload: string };

function bodies(op: Operation): fc.Arbitrary<Body | null> {
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const form = content['application/x-www-form-urlencoded']?.schema;
  const schema = json ?? form ?? { type: 'object' };
  const asJson = (a: fc.Arbitrary<unknown>) => a.map((value): Body => ({ kind: 'json', value }));
  const raw = (contentType: string | undefined, payload: fc.Arbitrary<string>) =>
    payload.map((p): Body => ({ kind: 'raw', contentType, payload: p }));
  return fc.oneof(
    { weight: 4, arbitrary: asJson(valid(schema)) },
    { weight: 6, arbitrary: asJson(mangledObject(schema)) },
    raw(
      'application/json',
      fc.constantFrom('{"a":', '{', '[1,', '"\\ud800"', 'null', '{"a":1}{"b":2}', '\u0000'),
    ),
    raw(
      'application/json',
      hugeString.map((s) => JSON.stringify({ text: s })),
    ),
    raw('text/plain', fc.string({ maxLength: 50 })),
    raw('application/xml', fc.constant('<a>1</a>')),
    raw('multipart/form-data; boundary=x', fc.constant('--x\r\nbroken')),
    raw('application/x-www-form-urlencoded', fc.constantFrom('a=1&b=%00', 'id=%E0%A4%A', '')),
    raw(undefined, fc.string({ maxLength: 20 })),
    fc.constant(null),
  );
}

function queryValue(schema: Schema): fc.Arbitrary<string | string[] | undefined> {
  return fc.oneof(
    { weight: 4, arbitrary: valid(schema).map((v) => String(v)) },
    oddString,
    longString,
    fc.constantFrom('-1', '0', '1.5', '99999999999999999999', 'true', 'null', '[]', '%ZZ'),
    fc.tuple(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })).map(([a, b]) => [a, b]),
    fc.constant(undefined),
  );
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function queries(op: Operation): fc.Arbitrary<string> {
  const params = (op.parameters ?? []).filter((p) => p.in === 'query');
  const record: Record<string, fc.Arbitrary<string | string[] | undefined>> = {};
  for (const p of params) record[p.name] = queryValue(p.schema);
  return fc
    .tuple(
      fc.record(record),
      fc.option(fc.constantFrom('extra=1', '%00=%00', 'a[b]=c', '&&&', '=', 'id=%E0%A4%A'), {
        freq: 4,
      }),
    )
    .map(([values, extra]) => {
      const parts: string[] = [];
      for (const [key, value] of Object.entries(values)) {
        for (const v of [value ?? []].flat()) {
          parts.push(`${encode(key)}=${v === '%ZZ' ? v : encode(v)}`);
        }
      }
      if (extra) parts.push(extra);
      return parts.join('&');
    });
}

type Caller = 'visitor' | 'member' | 'staff';

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
let memberCookie: string;
let staffCookie: string;
let sent = 0;
let operationCount = 0;

const cookieOf = async (spec = {}) => {
  const m = await logInNewMember(t, spec);
  return m.client.sessionCookie ?? '';
};

describe.runIf(process.env.TEST_DB_KIND === 'pglite')(
  'the API fuzzed from /api/openapi.json',
  () => {
    beforeAll(async () => {
      t = await createTestApp({ ADMIN_EMAILS: ADMIN });
      doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      memberCookie = await cookieOf();
      staffCookie = await cookieOf({ email: ADMIN });
    });
    const started = Date.now();
    afterAll(async () => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `openapi fuzz: ${operationCount} operations, ${sent} requests, ${seconds} s, seed ${SEED}`,
      );
      await t?.close();
    });

    it('answers every operation with a status the document lists, never a 5xx', async () => {
      const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
      );
      expect(operations.length).toBeGreaterThan(80);
      operationCount = operations.length;
      const failures: string[] = [];
      for (const { path, method, op } of operations) {
        const callers: Caller[] = path.startsWith('/api/admin/')
          ? ['visitor', 'member', 'staff']
          : ['visitor', 'member'];
        const takesBody = method !== 'GET';
        const listed = Object.keys(op.responses);
        const property = fc.asyncProperty(
          fc.constantFrom(...callers),
          queries(op),
          takesBody ? bodies(op) : fc.constant(null),
          fc.boolean(),
          async (caller, query, body, withPackage) => {
            let cookie: string | undefined;
            if (caller === 'staff') {
              // Logged in at the start, so inside its 30-minute window for the whole run.
              cookie = staffCookie;
            } else if (caller === 'member') {
              cookie = ENDS_SESSION.has(op.operationId) ? await cookieOf() : memberCookie;
            }
            const headers: Record<string, string> = {
              ...(withPackage ? appHeaders : { 'x-original-host': 'localhost' }),
              ...(cookie ? { cookie } : {}),
            };
            const request: InjectOptions = {
              method: method as InjectOptions['method'],
              url: query ? `${path}?${query}` : path,
              headers,
              remoteAddress: freshIp(),
            };
            if (body?.kind === 'json') {
              request.payload = JSON.stringify(body.value) ?? 'null';
              headers['content-type'] = 'application/json';
            } else if (body?.kind === 'raw') {
              request.payload = body.payload;
              if (body.contentType) headers['content-type'] = body.contentType;
            }
            const res = await t.app.inject(request);
            sent += 1;
            const status = String(res.statusCode);
            const ok = res.statusCode < 500 && listed.includes(status);
            if (!ok) {
              failures.push(
                `${method} ${path} as ${caller} → ${status} (listed ${listed.join(',')}): ${res.body.slice(0, 200)}`,
              );
            }
            return ok;
          },
        );
        const out = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
        if (out.failed) {
          failures.push(
            `  ↳ ${method} ${path}: replay with FUZZ_SEED=${SEED} (path ${out.counterexamplePath}): ${JSON.stringify(out.counterexample).slice(0, 300)}`,
          );
        }
      }
      expect(failures, `seed ${SEED}`).toEqual([]);
      // The budget for the whole fuzz on a loaded two-core machine.
    }, 60_000);
  },
);
