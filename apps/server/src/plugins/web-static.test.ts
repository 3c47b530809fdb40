import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
  // What the build writes: a Brotli and a gzip copy beside a text asset (apps/web/vite.config.ts).
  const big = `export const words = ${JSON.stringify('wyn '.repeat(2000))};`;
  writeFileSync(path.join(dist, 'assets', 'big-def456.js'), big);
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(big));
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

  it('serves the precompressed copy a client accepts, with its encoding, and the plain file to others', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const words');

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('export const words');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const words');
  });

  it('has index.html revalidated on every load', async () => {
    for (const url of ['/', '/home', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses JSON answers on the fly for a client that accepts Brotli or gzip, small ones excepted', async () => {
    // The OpenAPI document: JSON well over the 1 KB threshold.
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toBeTypeOf('object');

    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const none = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(none.headers['content-encoding']).toBeUndefined();

    const small = await t.app.inject({ method: 'GET', url: '/api/v1/unknown/', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
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
