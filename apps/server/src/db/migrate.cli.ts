/** `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL or DATA_DIR). */
import { runCli } from '../lib/cli.ts';

await runCli(async ({ database }) => {
  console.info(`Database (${database.kind}) is up to date.`);
});
