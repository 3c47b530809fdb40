import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_VARIANT_WIDTHS } from '@wyn/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext, AppInstance } from '../../app-types.ts';
import { SEED_ASSETS_DIR } from '../../integrations/media-storage.ts';
import type { Config } from '../../config.ts';
import { openMediaStorage } from '../../integrations/open-media-storage.ts';
import { mediaStaticRoutes } from './media-static.ts';

let app: AppInstance;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-media-'));
  const media = path.join(dataDir, 'media');
  mkdirSync(path.join(media, 'uploads'), { recursive: true });
  writeFileSync(
    path.join(media, 'uploads', 'evil.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  writeFileSync(path.join(media, 'uploads', 'page.html'), '<script>alert(1)</script>');
  writeFileSync(path.join(media, 'uploads', '.secret.png'), 'x');
  writeFileSync(path.join(dataDir, 'outside.png'), 'not for you');
  app = Fastify({ logger: false }) as unknown as AppInstance;
  const config = { dataDir } as Config;
  await app.register(mediaStaticRoutes, { deps: { config, media: openMediaStorage(config) } as AppContext });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /media/*', () => {
  it("serves the seed images as PNG with nosniff, from the package's own files", async () => {
    const res = await app.inject({ method: 'GET', url: '/media/seed/banner-quests.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(res.rawPayload.equals(readFileSync(path.join(SEED_ASSETS_DIR, 'banner-quests.png')))).toBe(true);
  });

  it('serves the seed images at every display width as WebP from the package (decision 0017)', async () => {
    const pngs = readdirSync(SEED_ASSETS_DIR).filter((f) => f.endsWith('.png'));
    for (const png of pngs)
      for (const w of MEDIA_VARIANT_WIDTHS) {
        const res = await app.inject({ method: 'GET', url: `/media/seed/${png.replace(/\.png$/, `.w${w}.webp`)}` });
        expect(res.statusCode, `${png} at ${w}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        // Fixed names: a day, as the originals.
        expect(res.headers['cache-control']).toBe('public, max-age=86400');
        expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    // Nothing is written into the package: a width not shipped is a 404.
    expect((await app.inject({ method: 'GET', url: '/media/seed/banner-quests.w500.webp' })).statusCode).toBe(404);
  });

  it('never serves SVG, HTML, dotfiles, missing files or anything outside the media folder', async () => {
    for (const url of [
      '/media/uploads/evil.svg',
      '/media/uploads/page.html',
      '/media/uploads/.secret.png',
      '/media/seed/nope.png',
      '/media/seed/generate.ts',
      '/media/seed/../../package.json',
      '/media/../outside.png',
      '/media/%2e%2e/outside.png',
      '/media/',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<script>');
      expect(res.body, url).not.toContain('not for you');
    }
  });
});
