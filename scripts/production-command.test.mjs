// Production runs the server one way (apps/server/scripts/production.ts): the start scripts and the Dockerfile
// spell that command out, and must not drift from it (the e2e suite and the bench start the server from the module).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from '../apps/server/scripts/production.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (f) => readFileSync(path.join(root, f), 'utf8');

test('the start scripts and the Dockerfile run the server bundle with the production flags and environment', () => {
  const rootScripts = JSON.parse(read('package.json')).scripts;
  const serverScripts = JSON.parse(read('apps/server/package.json')).scripts;
  const flags = PRODUCTION_NODE_FLAGS.join(' ');
  // `VAR=value exec node …`: the shell puts the assignment in the environment of the program exec runs.
  const env = Object.entries(PRODUCTION_ENV)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  assert.match(rootScripts.start, new RegExp(` && ${env} exec node ${flags} apps/server/dist/main\\.js$`));
  assert.equal(rootScripts['start:server'], `${env} exec node ${flags} apps/server/dist/main.js`);
  assert.equal(serverScripts.start, `${env} node ${flags} dist/main.js`);
  const dockerfile = read('Dockerfile');
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
  assert.deepEqual(JSON.parse(cmd[1]), ['node', ...PRODUCTION_NODE_FLAGS, 'apps/server/dist/main.js']);
  // ENV instructions, their continuation lines joined: each variable set to production's value.
  const dockerEnv = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.startsWith('ENV '))
    .join(' ');
  for (const [k, v] of Object.entries(PRODUCTION_ENV)) assert.match(dockerEnv, new RegExp(`(^|\\s)${k}=${v}(\\s|$)`));
});
