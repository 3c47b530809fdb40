import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dist = mkdtempSync(path.join(tmpdir(), 'wyn-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">wyn-app-shell</div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('gives the app shell for unknown non-API paths, so the app can show its 404 page', async () => {
    for (const url of ['/', '/home', '/no/such/page', '/quest/123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('wyn-app-shell');
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown /api/ paths and non-GET methods with JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/unknown/'],
      ['GET', '/api'],
      ['POST', '/some/page'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'The requested resource was not found.', code: 'not_found' });
    }
  });
});
