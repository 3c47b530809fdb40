/**
 * `npm run db:seed`: seeds the demo content into an empty database.
 * `npm run db:seed -- --reset`: deletes ALL data and seeds again.
 */
import { runCli } from '../lib/cli.ts';
import { DEMO_PASSWORD, seed, seedIfEmpty } from './seed.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--reset');
if (unknown.length) {
  console.error(`Unknown argument: ${unknown.join(' ')}\nUsage: npm run db:seed [-- --reset]`);
  process.exit(1);
}
const reset = args.includes('--reset');

await runCli(async ({ config, database }) => {
  if (reset) {
    const summary = await seed(database.db, { config, reset: true });
    console.info(
      `Database reset and seeded: ${summary.members} members, ${summary.quests} quests, ${summary.perks} perks, ${summary.banners} banners.`,
    );
  } else if (await seedIfEmpty(database.db, { config })) {
    console.info('Seeded the demo content.');
  } else {
    console.info(
      'The database already has members; nothing seeded. Use `npm run db:seed -- --reset` to replace everything with the demo content.',
    );
    return;
  }
  console.info(`Demo members (ava, ben, chloe, dan, eve, finn) sign in with the password "${DEMO_PASSWORD}".`);
});
