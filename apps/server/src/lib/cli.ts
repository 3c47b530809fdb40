import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DatabaseLockedError, openDatabase, type Database } from '../db/client.ts';

/**
 * Runs a command-line task: loads the configuration, opens (and migrates) the database, runs `task`, closes
 * the database and exits with the task's code. Configuration errors and a PGlite directory locked by a
 * running server are reported in one sentence, not a stack trace.
 */
export async function runCli(
  task: (ctx: { config: Config; database: Database }) => Promise<number | void>,
): Promise<never> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let code: number;
  try {
    await database.migrate();
    code = (await task({ config, database })) ?? 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    code = 1;
  } finally {
    await database.close();
  }
  process.exit(code);
}
