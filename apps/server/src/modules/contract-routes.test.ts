import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaggedEndpoint } from '@wyn/contract';
import { endpoints as declared } from '@wyn/contract/endpoints';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

const endpoints: Record<string, TaggedEndpoint> = declared;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Served under /api/v1/ but not part of the app's own API: Telegram calls the webhook with its own update
// format, behind a secret header (docs/architecture.md).
const NOT_IN_CONTRACT = new Set(['POST /api/v1/bot/telegram/webhook/']);

describe('the contract declares each endpoint once, and the server serves exactly those', () => {
  it('serves every declared endpoint (and its aliases) from its declaration', () => {
    const served = new Map(t.app.servedRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    const missing: string[] = [];
    for (const [name, e] of Object.entries(endpoints)) {
      for (const path of [e.path, ...(e.aliases ?? [])]) {
        const route = served.get(`${e.method} /api/v1/${path}`);
        if (!route || route.endpoint !== e) missing.push(`${name}: ${e.method} /api/v1/${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('serves nothing under /api/v1/ that the contract does not declare', () => {
    const undeclared = t.app.servedRoutes
      .filter((r) => r.url.startsWith('/api/v1/') && !r.endpoint)
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !NOT_IN_CONTRACT.has(key));
    expect(undeclared).toEqual([]);
  });

  it('declares each method and path once', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, e] of Object.entries(endpoints)) {
      for (const path of [e.path, ...(e.aliases ?? [])]) {
        const key = `${e.method} ${path}`;
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${name}`);
        seen.set(key, name);
      }
    }
    expect(twice).toEqual([]);
  });
});
