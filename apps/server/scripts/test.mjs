// Runs the server suite on the embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set
// (race and isolation tests run only there: PGlite executes one transaction at a time).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const run = (label, env) => {
  console.info(`\n== server tests on ${label}`);
  const r = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const { TEST_DATABASE_URL, ...withoutPg } = process.env;
run('PGlite (embedded)', withoutPg);
if (TEST_DATABASE_URL) run('PostgreSQL', process.env);
