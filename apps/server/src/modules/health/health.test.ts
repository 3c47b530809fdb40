import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and the outer shell', () => {
  it('reports the database and the Node.js version it runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind, node: process.version });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/club/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', detail: 'The requested resource was not found.' });
  });

  it('sets security headers that let Telegram frame the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors');
    expect(csp).toContain('https://web.telegram.org');
    expect(csp).toContain('https://telegram.org');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
    // Every helmet header, on a JSON answer and on an error alike.
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/club/nothing-here/' });
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'origin-agent-cluster',
    ]) {
      expect(res.headers[name], name).toBeTruthy();
      expect(missing.headers[name], name).toBe(res.headers[name]);
    }
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
