// The production server: src/main.ts, the contract and the installed JavaScript packages bundled into one file,
// dist/main.js (and the chunks it loads on demand), so production runs no TypeScript at all and resolves no package at start (issue #17 item 6,
// decision 0016, docs/performance.md). Measured: Node's type stripping cost ~40 MB of resident memory for its
// WebAssembly compiler and compiled every file at each start; resolving and loading ~1,500 package files cost
// ~40% of the start's CPU. Packages that read files of their own at run time stay outside and load from
// node_modules as they are: native code (argon2, sharp), PGlite's WebAssembly, the API reference page's assets,
// and the AWS SDK, which is only loaded when S3 is configured.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Installed packages left outside the bundle (see above). */
const EXTERNAL_PACKAGES = [
  /^argon2$/,
  /^sharp$/,
  /^@electric-sql\/pglite(\/|$)/,
  /^@fastify\/swagger-ui$/,
  /^@aws-sdk\//,
  /^pg-native$/,
];

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
  ],
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.info(
  `server bundle: dist/main.js (${(bytes / 1024).toFixed(0)} KiB with its source map) in ${(performance.now() - started).toFixed(0)} ms`,
);
