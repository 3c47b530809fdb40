import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = {
  summary?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
};

describe('the API reference (/api/docs/json) comes from the contract', () => {
  it('gives every API operation its endpoint summary and domain tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const bare = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/club/') || path.startsWith('/api/v1/bot/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method} ${path}`, op })))
      .filter(({ op }) => !op.summary || !op.tags?.length)
      .map(({ key }) => key);
    expect(bare).toEqual([]);
  });

  it('documents a multipart body with its file fields from the declaration', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const create = doc.paths['/api/v1/club/tasks/']?.post?.requestBody?.content;
    expect(Object.keys(create ?? {})).toEqual(['multipart/form-data', 'application/json']);
    const fields = create?.['multipart/form-data']?.schema.properties ?? {};
    expect(fields.media?.format).toBe('binary');
    expect(fields.title).toBeDefined();
  });
});
