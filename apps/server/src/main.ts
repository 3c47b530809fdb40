import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError, openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed.ts';
import { buildApp } from './app.ts';

/** How long a shutdown waits for in-flight requests before cutting them. */
const DRAIN_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Process entry: config → database → migrate → seed if empty → listen; graceful shutdown. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();
  const app = await buildApp({ config, database });
  await seedIfEmpty(database.db, { config, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Last resort if a step below hangs (the drain itself is bounded by DRAIN_MS).
    const force = setTimeout(() => process.exit(1), DRAIN_MS + 5_000);
    force.unref();
    // 1. Stop accepting: Fastify closes the listener first and answers requests that still arrive on open
    //    connections with 503. 2. Let in-flight requests finish: a keep-alive connection whose request ends
    //    after the close would otherwise hold the server open until its keep-alive timeout, so idle ones are
    //    closed as they appear, and after DRAIN_MS whatever is left is cut. 3. Only then close the database,
    //    which a running request may still be using.
    const closed = app.close();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    const drained = await Promise.race([closed.then(() => true), sleep(DRAIN_MS).then(() => false)]);
    if (!drained) {
      app.log.warn({ afterMs: DRAIN_MS }, 'requests still running at shutdown are cut');
      app.server.closeAllConnections();
      await closed;
    }
    clearInterval(sweep);
    try {
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { node: process.version },
    `${config.productName} is running at ${config.publicUrl} (database: ${database.kind}, Node.js ${process.version})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
