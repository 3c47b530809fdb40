// Fails when any import circle exists in the three source roots (madge), type-only imports included.
// The web root resolves its `@/` alias through a tsconfig with an explicit baseUrl, which madge needs to
// follow `paths`; without it every `@/…` import would be skipped and its circles missed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const base = { compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true } };
const roots = [
  { dir: 'apps/server/src', tsConfig: base },
  { dir: 'packages/contract/src', tsConfig: base },
  {
    dir: 'apps/web/src',
    tsConfig: {
      compilerOptions: { ...base.compilerOptions, baseUrl: path.join(root, 'apps/web'), paths: { '@/*': ['./src/*'] } },
    },
  },
];

let failed = false;
for (const { dir, tsConfig } of roots) {
  const result = await madge(path.join(root, dir), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig,
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  const circles = result.circular();
  // A project file madge could not resolve hides any circle through it: fail rather than pass quietly.
  const unresolved = result.warnings().skipped.filter((name) => /^(\.|\/|@\/)/.test(name));
  if (unresolved.length > 0) {
    failed = true;
    console.error(`${dir}: imports madge could not resolve: ${unresolved.join(', ')}`);
  }
  if (circles.length > 0) {
    failed = true;
    console.error(`${dir}: ${circles.length} import circle(s):`);
    for (const c of circles) console.error(`  ${c.join(' > ')}`);
  } else {
    console.info(`${dir}: no import circles (${Object.keys(result.obj()).length} files)`);
  }
}
if (failed) process.exit(1);
