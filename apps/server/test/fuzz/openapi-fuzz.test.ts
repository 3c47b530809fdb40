import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../create-test-app.ts';
import { createMember } from '../users.ts';
import { multipartBody, PNG_1PX } from '../multipart.ts';
import { startFakeTelegram, type FakeTelegram } from '../fake-telegram.ts';
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME } from '../telegram-signing.ts';

/**
 * Fuzz pass generated from the served OpenAPI document (issue 12, item 12; docs/architecture.md, Tests): every operation gets
 * requests whose path, query and body (JSON or multipart) mix plausible values with hostile ones (NUL, lone
 * surrogates, huge numbers, wrong types, deep objects, long strings), sent signed in as a member. Any status
 * ≥ 500 or any response slower than 5 s fails. FUZZ_RUNS (requests per operation, default 40) and FUZZ_SEED
 * make a longer or repeatable run: `FUZZ_RUNS=200 npx vitest run test/fuzz/openapi-fuzz.test.ts`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const SLOW_MS = 5_000;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  required?: string[];
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '%00', '../../etc/passwd', "' or 1=1 --"),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const hugeNumber = fc.constantFrom(1e308, -1e308, 2 ** 63, -(2 ** 63), Number.MAX_SAFE_INTEGER + 2, 1e-320, -0, 0.1);
const deepObject = fc.integer({ min: 20, max: 200 }).map((depth) => {
  let v: unknown = { leaf: '\u0000' };
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
});
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hugeNumber,
  fc.integer(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  deepObject,
);
const hostile = fc.oneof(hostileString, hugeNumber, wrongType);

/** Values for a schema: mostly of its shape (so requests get past the first check), often hostile. */
function arb(schema: Schema | undefined, ids: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostile;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arb(s, ids, depth + 1)));
  if (schema.allOf?.length) {
    const merged: Schema = { type: 'object', properties: {} };
    for (const part of schema.allOf) Object.assign(merged.properties!, part.properties);
    return arb(merged, ids, depth);
  }
  const type = [schema.type ?? 'string'].flat()[0];
  let shaped: fc.Arbitrary<unknown>;
  if (schema.enum?.length) shaped = fc.constantFrom(...schema.enum);
  else if (type === 'object') {
    const props = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, s]) => [k, arb(s, ids, depth + 1)]),
    );
    shaped = fc.record(props, { requiredKeys: [] });
  } else if (type === 'array') shaped = fc.array(arb(schema.items, ids, depth + 1), { maxLength: 4 });
  else if (type === 'integer') shaped = fc.oneof(fc.integer({ min: -5, max: 200 }), hugeNumber);
  else if (type === 'number') shaped = fc.oneof(fc.double({ noNaN: true }), hugeNumber);
  else if (type === 'boolean') shaped = fc.boolean();
  else if (schema.format === 'uuid') shaped = ids;
  else shaped = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('100.00', '1', 'https://example.com/', ''));
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 2, arbitrary: hostile });
}

/** encodeURIComponent, except a lone surrogate is sent as the invalid UTF-8 a careless client would send. */
function encode(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

const asField = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

let t: TestApp;
let fake: FakeTelegram;
let member: Awaited<ReturnType<typeof createMember>>;
/** Ids of things that exist, so some requests reach the code behind the id checks. */
const existing: string[] = [];
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  // Dependencies are up (a real local Bot API fake): a 503 for a dependency that is down would be correct.
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await createTestApp({ telegramApiRoot: fake.apiRoot });
  member = await createMember(t);
  const creator = await createMember(t);
  const quest = await t.app.inject({
    method: 'POST',
    url: '/api/v1/club/tasks/',
    headers: creator.auth,
    payload: {
      title: 'A quest to fuzz',
      description: 'Visit the page and tell us what you saw there.',
      reward_amount: '1.00',
      task_type: 'visit',
      target_url: 'https://example.com/',
      max_participants: 5,
    },
  });
  if (quest.statusCode === 201) existing.push((quest.json() as { id: string }).id);
  const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/club/wallets/my_wallet/', headers: member.auth });
  existing.push((wallet.json() as { id: string }).id, creator.user.id);
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the served API documentation', () => {
  it('/api/docs serves its page (no redirect) and the document lists every operation', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
  });

  it('every route that takes a multipart body documents it', () => {
    const multipart = [
      ['post', '/api/v1/club/tasks/'],
      ['post', '/api/v1/club/tasks/{id}/submit_proof/'],
      ['post', '/api/v1/club/perks/'],
      ['post', '/api/v1/club/media/upload/'],
      ['patch', '/api/v1/club/profiles/{id}/'],
    ] as const;
    for (const [method, path] of multipart) {
      const schema = doc.paths[path]?.[method]?.requestBody?.content?.['multipart/form-data']?.schema;
      expect(schema?.properties, `${method} ${path}`).toBeDefined();
      expect(Object.keys(schema!.properties!).length, `${method} ${path}`).toBeGreaterThan(0);
    }
    const title = doc.paths['/api/v1/club/tasks/']!.post!.requestBody!.content!['multipart/form-data']!.schema!;
    expect(title.properties).toHaveProperty('title');
    expect(title.properties!.media).toEqual({ type: 'string', format: 'binary' });
    expect(doc.paths['/api/v1/club/perks/{id}/']?.patch?.requestBody?.content?.['application/json']).toBeDefined();
  });
});

describe('fuzz pass over the served OpenAPI document', () => {
  it(`no operation answers ≥ 500 or slower than ${SLOW_MS / 1000} s (${RUNS} requests per operation)`, async () => {
    const ids = fc.oneof(
      fc.constant(member.user.id),
      fc.constant(randomUUID()),
      fc.uuid(),
      fc.constant(member.user.id.toUpperCase()),
      fc.constantFrom(...existing),
      hostileString,
    );
    const histogram: Record<number, number> = {};
    const failures: string[] = [];
    let sent = 0;
    let operations = 0;
    let seed = SEED;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        // The live stream never ends by design; its own tests cover it.
        if (path.endsWith('/live/') || op.responses?.['200']?.content?.['text/event-stream']) continue;
        operations++;
        const params = op.parameters ?? [];
        const content = op.requestBody?.content ?? {};
        const multipart = content['multipart/form-data']?.schema;
        const json = content['application/json']?.schema;
        const request = fc.record({
          path: fc.record(
            Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, arb(p.schema, ids)])),
          ),
          query: fc.record(
            Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, arb(p.schema, ids)])),
            { requiredKeys: [] },
          ),
          body: arb(json ?? multipart ?? { type: 'object', properties: {} }, ids),
          asMultipart: multipart ? fc.boolean() : fc.constant(false),
          fileName: fc.oneof(fc.constant('photo.png'), hostileString),
          signedIn: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
        });
        for (const r of fc.sample(request, { numRuns: RUNS, seed: seed++ })) {
          let url = path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(r.path[name]));
          const query = Object.entries(r.query)
            .map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`)
            .join('&');
          if (query) url += `?${query}`;
          const headers: Record<string, string> = r.signedIn ? { ...member.auth } : {};
          let payload: string | Buffer | undefined;
          if (method !== 'get' && method !== 'delete') {
            if (r.asMultipart && r.body && typeof r.body === 'object' && !Array.isArray(r.body)) {
              const fields = Object.fromEntries(
                Object.entries(r.body as Record<string, unknown>).map(([k, v]) => [k, asField(v)]),
              );
              const fileField =
                Object.entries(multipart?.properties ?? {}).find(([, s]) => s.format === 'binary')?.[0] ?? 'file';
              const form = multipartBody(fields, [{ field: fileField, filename: r.fileName, bytes: PNG_1PX }]);
              payload = form.payload;
              Object.assign(headers, form.headers);
            } else {
              payload = JSON.stringify(r.body) ?? 'null';
              headers['content-type'] = 'application/json';
            }
          }
          const started = performance.now();
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers,
            ...(payload !== undefined ? { payload } : {}),
          });
          const ms = performance.now() - started;
          sent++;
          histogram[res.statusCode] = (histogram[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500 || ms > SLOW_MS) {
            const shown = typeof payload === 'string' ? payload : (payload?.toString('latin1') ?? '');
            failures.push(
              `${res.statusCode} in ${Math.round(ms)} ms: ${method.toUpperCase()} ${url.slice(0, 200)} ` +
                `${JSON.stringify(shown.slice(0, 300))} → ${res.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    console.info(
      `openapi fuzz: ${sent} requests over ${operations} operations (seed ${SEED}, ${RUNS} per operation); ` +
        `statuses ${JSON.stringify(histogram)}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(operations).toBeGreaterThan(40);
  }, 600_000);
});
