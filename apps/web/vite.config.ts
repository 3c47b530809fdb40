import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.WYN_API_TARGET ?? 'http://localhost:3000';

/**
 * @wyn/contract exports TS source through one index that also builds zod schemas at module scope.
 * The web app mostly needs its constants (MSG, LIMITS, formatPoints) and types, so the package is
 * declared free of side effects: modules (and zod) that nothing uses are dropped from the bundle.
 * A module that is used keeps its top-level zod calls, so the constants live in zod-free modules
 * (messages.ts, quest-messages.ts, media-policy.ts, enum-values.ts, ...) that the schema modules re-export.
 */
function contractHasNoSideEffects(): Plugin {
  return {
    name: 'wyn:contract-side-effect-free',
    transform(code, id) {
      if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) return { code, map: null, moduleSideEffects: false };
      return null;
    },
  };
}

/** The app's own modules that lazy screens share (chunk groups below). */
const SHARED_APP_CODE = /[\\/]apps[\\/]web[\\/]src[\\/](components|lib|config)[\\/]|[\\/]packages[\\/]contract[\\/]/;
/** Components that wrap a library (Radix): they go with the library, so a screen without them loads neither. */
const LIBRARY_COMPONENTS = /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](dialog|tabs)\.tsx$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves less than its headers cost (the server's on-the-fly threshold too). */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, public files
 * included, once at build time (docs/performance.md, Delivery): the server sends them as they are (web-static.ts,
 * `preCompressed`) and never compresses an asset per request. A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wyn:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const data = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          if (br.length < data.length) await writeFile(`${file}.br`, br);
          if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The lazy modules a signed-in launch straight into a quest's page needs before its cover (its LCP) can paint. */
const QUEST_LAUNCH_MODULES = [/[\\/]src[\\/]features[\\/]quests[\\/]pages[\\/]quest-page\.tsx$/];

/**
 * Names those modules' lazy chunks and the chunks they import statically (not the entry's) in index.html, as
 * `<meta name="wyn-quest-chunks" content="/assets/a.js /assets/b.js">`, before tg-boot.js. On a signed-in launch
 * straight into a quest's page, tg-boot.js adds a `<link rel="modulepreload">` for each, so they download beside
 * the entry instead of after the entry has been downloaded and run (the page's cover, its LCP, waits for them;
 * docs/performance.md, Web). Other pages load none of them: they are not part of the initial JS.
 */
function questChunkHints(): Plugin {
  let base = '/';
  return {
    name: 'wyn:quest-chunk-hints',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files: string[] = [];
        const visit = (fileName: string) => {
          const chunk = byName.get(fileName);
          if (!chunk || chunk.isEntry || files.includes(fileName)) return;
          files.push(fileName);
          chunk.imports.forEach(visit);
        };
        for (const module of QUEST_LAUNCH_MODULES) {
          const chunk = chunks.find((c) => c.facadeModuleId && module.test(c.facadeModuleId));
          if (!chunk) throw new Error(`wyn:quest-chunk-hints: no chunk for ${module}`);
          visit(chunk.fileName);
        }
        const boot = '<script src="/tg-boot.js"></script>';
        if (!html.includes(boot)) throw new Error('wyn:quest-chunk-hints: no tg-boot.js script in index.html');
        const meta = `<meta name="wyn-quest-chunks" content="${files.map((f) => base + f).join(' ')}" />`;
        return html.replace(boot, `${meta}\n    ${boot}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), contractHasNoSideEffects(), questChunkHints(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/media': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/media': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into the entry's own chunk (docs/performance.md, Web): the
          // app loads it all at start anyway, and as one file it is ~5 KiB smaller gzipped than as the twelve
          // shared chunks the automatic splitting made (no import/export glue between them, one gzip window) and
          // one request instead of twelve. Lazy routes import from it.
          // What two or more lazy screens share goes into two chunks, not one per set of screens sharing it (a
          // quest's page asked for 25 files, Home for 12): the app's own shared modules (components, lib, config,
          // the contract's constants) and, apart, the libraries with the components that wrap them (Radix's dialog
          // and tabs), which Home does not need. A quest's page now asks for 5 files of the same size in all, Home
          // for 4 (+5 KiB): fewer requests queued on a phone's few connections before the page can render (the
          // cover is its LCP) (docs/performance.md, Web).
          groups: [
            { name: 'index', tags: ['$initial'] },
            {
              name: 'shared',
              test: (id) => SHARED_APP_CODE.test(id) && !LIBRARY_COMPONENTS.test(id),
              minShareCount: 2,
            },
            {
              name: 'shared-libs',
              test: (id) => id.includes('node_modules') || LIBRARY_COMPONENTS.test(id),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
