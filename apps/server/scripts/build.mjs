// The production server: src/main.ts, the contract and the installed JavaScript packages bundled into one file,
// dist/main.js (and the chunks it loads on demand), so production runs no TypeScript at all and resolves no package at start (issue #17 item 6,
// decision 0016, docs/performance.md). Measured: Node's type stripping cost ~40 MB of resident memory for its
// WebAssembly compiler and compiled every file at each start; resolving and loading ~1,500 package files cost
// ~40% of the start's CPU. Packages that read files of their own at run time stay outside and load from
// node_modules as they are: native code (argon2, sharp), PGlite's WebAssembly and the AWS SDK, which is only loaded
// when S3 is configured. The API reference page (@fastify/swagger-ui) is bundled and reads its assets from its
// package (see the plugin below).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Installed packages left outside the bundle (see above). */
const EXTERNAL_PACKAGES = [/^argon2$/, /^sharp$/, /^@electric-sql\/pglite(\/|$)/, /^@aws-sdk\//, /^pg-native$/];

const started = performance.now();
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  // Code a server may never run (the embedded database on PostgreSQL) is a chunk of its own, loaded by its
  // dynamic import. Chunks sit beside main.js: server-paths.ts resolves files from whichever file it lands in.
  outdir: path.join(root, 'dist'),
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  // Whitespace and syntax only. No keepNames: its `__name` helper ran on every closure created on the hot path
  // (~5 % of the server's CPU in the hot-read profile, docs/performance.md); nothing relies on a renamed
  // function's or class's name (the logger's error `type` is the only reader of `constructor.name`).
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  // node-fetch (under grammy) asks for Node's deprecated punycode module; the package of that name does the same.
  alias: { punycode: 'punycode/' },
  // CommonJS packages in an ES module bundle still call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __wynCreateRequire } from 'node:module';\nconst require = __wynCreateRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'some-packages-stay-outside',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          EXTERNAL_PACKAGES.some((p) => p.test(args.path)) ? { path: args.path, external: true } : undefined,
        );
      },
    },
    {
      // @fastify/swagger-ui serves swagger-ui's files from `__dirname`. Left outside, it loaded its own copies of
      // @fastify/static, yaml, glob, mime and ~100 more files from node_modules at every start, beside the copies
      // in the bundle: ~1.8 MB more of an idle server's heap (docs/performance.md, start and memory). Bundled, its
      // two files that read `__dirname` get the package's own folder instead, found from dist/ as Node would.
      name: 'swagger-ui-files-from-its-package',
      setup(b) {
        b.onLoad({ filter: /[\\/]@fastify[\\/]swagger-ui[\\/](index|lib[\\/]routes)\.js$/ }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          if (!source.includes('__dirname')) throw new Error(`${args.path}: no __dirname; see build.mjs`);
          const folder = path.basename(path.dirname(args.path)) === 'lib' ? 'lib' : '.';
          const packageJson = "require.resolve('@fastify/swagger-ui/package.json')";
          const dirname = `require('node:path').join(require('node:path').dirname(${packageJson}), '${folder}')`;
          return {
            contents: `var __dirname = ${dirname};\n${source}`,
            loader: 'js',
            resolveDir: path.dirname(args.path),
          };
        });
      },
    },
    {
      // @fastify/compress asks `payload instanceof Response` of every reply it sees. Reading the global `Response`
      // makes Node load its fetch implementation (undici, ~0.8 MB of source) on the first request, though the
      // server never makes or sends a fetch Response: ~2 MB more of an idle server (docs/performance.md, start and
      // memory). Asked by its tag instead, as fastify's own reply.send does; the build fails if the line moves.
      name: 'compress-without-undici',
      setup(b) {
        b.onLoad({ filter: /[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/ }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          const asked = 'return obj instanceof Response';
          if (!source.includes(asked)) throw new Error(`${args.path}: "${asked}" not found; see build.mjs`);
          const byTag = "return Object.prototype.toString.call(obj) === '[object Response]'";
          return { contents: source.replace(asked, byTag), loader: 'js' };
        });
      },
    },
  ],
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.info(
  `server bundle: dist/main.js (${(bytes / 1024).toFixed(0)} KiB with its source map) in ${(performance.now() - started).toFixed(0)} ms`,
);
