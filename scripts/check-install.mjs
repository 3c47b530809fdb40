// Runs after every `npm install` (root `postinstall`), on the project's own Node: npm puts
// node_modules/.bin first on a script's PATH, and the `node` package puts Node there (decision 0008).
// npm itself runs on the machine's Node and can only check dependencies' engines against that one, so
// its own engine warnings are switched off in .npmrc and these checks take their place, as errors:
//   1. this is the pinned Node (the `node` package's install script ran);
//   2. every installed package's `engines.node` accepts it;
//   3. every install script in the tree is approved or denied in `allowScripts`;
//   4. the tree is whole (`npm ls --all`: no missing, invalid or conflicting dependency).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const problems = [];

const pinned = readJson('package.json').dependencies.node;
if (process.version !== `v${pinned}`) {
  problems.push(
    `The project runs on Node ${pinned}, but this script ran on ${process.version}: ` +
      'the `node` package was not installed (is it in allowScripts?).',
  );
}

const installed = readJson('node_modules/.package-lock.json').packages;
for (const [location, meta] of Object.entries(installed)) {
  const wanted = meta.engines?.node;
  if (!wanted || meta.link || !existsSync(path.join(root, location))) continue;
  if (!semver.satisfies(process.version, wanted, { includePrerelease: true })) {
    problems.push(`${location.replace(/^.*node_modules\//, '')}@${meta.version} requires Node ${wanted}`);
  }
}

const npm = (...args) => execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const pending = JSON.parse(npm('install-scripts', 'ls', '--json') || '{}').allowScripts ?? [];
for (const entry of pending) {
  const keys = entry.changes.map((c) => c.key).join(', ');
  problems.push(`install script not reviewed: ${keys} (npm install-scripts approve|deny ${entry.name})`);
}

try {
  npm('ls', '--all', '--parseable');
} catch (err) {
  const lines = String(err.stderr ?? '')
    .split('\n')
    .filter((l) => l.startsWith('npm error') && !/code ELSPROBLEMS|complete log/.test(l));
  problems.push(`the dependency tree has problems:\n  ${lines.join('\n  ')}`);
}

if (problems.length > 0) {
  console.error(`Install check failed on Node ${process.version}:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.info(`Install check: Node ${process.version}; engines, install scripts and the tree are in order.`);
