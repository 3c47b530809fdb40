// Unit tests of the install check (node:test, no install needed): `node --test scripts/`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { engineProblems, installScriptProblems, runtimeProblems, treeProblems } from './check-install-lib.mjs';

test('the pinned Node passes; any other runtime is a problem naming both versions', () => {
  assert.deepEqual(runtimeProblems('v26.10.0', '26.10.0'), []);
  const [problem] = runtimeProblems('v20.19.2', '26.10.0');
  assert.match(problem, /runs on Node 26\.10\.0, but this script ran on v20\.19\.2/);
});

test('engines: a package whose range rejects the runtime is named with its version and range', () => {
  const packages = {
    '': { name: 'wyn' },
    'node_modules/ok': { version: '1.0.0', engines: { node: '>=20' } },
    'node_modules/old-only': { version: '2.3.4', engines: { node: '^18 || ^20' } },
    'node_modules/a/node_modules/nested-old': { version: '0.1.0', engines: { node: '<22' } },
    'node_modules/linked': { link: true, engines: { node: '<1' } },
    'node_modules/absent-optional': { version: '1.0.0', engines: { node: '<1' } },
    'node_modules/prerelease-ok': { version: '1.0.0', engines: { node: '>=26.0.0-rc.1' } },
  };
  const installed = (location) => location !== 'node_modules/absent-optional';
  assert.deepEqual(engineProblems(packages, 'v26.10.0', installed), [
    'old-only@2.3.4 requires Node ^18 || ^20',
    'nested-old@0.1.0 requires Node <22',
  ]);
});

test('install scripts: every entry npm lists as not covered by allowScripts is a problem', () => {
  assert.deepEqual(installScriptProblems(''), []);
  assert.deepEqual(installScriptProblems('{}'), []);
  const listed = JSON.stringify({
    allowScripts: [{ name: 'sharp', changes: [{ key: 'sharp' }] }],
  });
  assert.deepEqual(installScriptProblems(listed), [
    'install script not reviewed: sharp (npm install-scripts approve|deny sharp)',
  ]);
});

test('tree: npm ls error lines are kept, its summary lines dropped', () => {
  const stderr = [
    'npm error code ELSPROBLEMS',
    'npm error missing: zod@^4.0.0, required by @wyn/contract@0.0.0',
    'npm error invalid: react@18.0.0 node_modules/react',
    'npm error A complete log of this run can be found in: /root/.npm/_logs/x.log',
    '',
  ].join('\n');
  assert.deepEqual(treeProblems(stderr), [
    'the dependency tree has problems:\n' +
      '  npm error missing: zod@^4.0.0, required by @wyn/contract@0.0.0\n' +
      '  npm error invalid: react@18.0.0 node_modules/react',
  ]);
});
