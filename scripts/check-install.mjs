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
import { engineProblems, installScriptProblems, runtimeProblems, treeProblems } from './check-install-lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const npm = (...args) => execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const problems = [
  ...runtimeProblems(process.version, readJson('package.json').dependencies.node),
  ...engineProblems(readJson('node_modules/.package-lock.json').packages, process.version, (location) =>
    existsSync(path.join(root, location)),
  ),
  ...installScriptProblems(npm('install-scripts', 'ls', '--json')),
];
try {
  npm('ls', '--all', '--parseable');
} catch (err) {
  problems.push(...treeProblems(err.stderr));
}

if (problems.length > 0) {
  console.error(`Install check failed on Node ${process.version}:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.info(`Install check: Node ${process.version}; engines, install scripts and the tree are in order.`);
