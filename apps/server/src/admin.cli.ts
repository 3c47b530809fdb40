/**
 * `npm run admin -- --grant <username>` makes a member staff; `--revoke <username>` takes it back.
 * The change reaches the member's session at their next sign-in or token refresh (at most 15 minutes).
 */
import { eq, sql } from 'drizzle-orm';
import { users } from './db/schema/index.ts';
import { runCli } from './lib/cli.ts';

const USAGE = 'Usage: npm run admin -- --grant <username>\n       npm run admin -- --revoke <username>';
const [flag, rawName, ...rest] = process.argv.slice(2);
if ((flag !== '--grant' && flag !== '--revoke') || !rawName || rawName.startsWith('--') || rest.length) {
  console.error(USAGE);
  process.exit(1);
}
const grant = flag === '--grant';
const username = rawName.replace(/^@/, '');

await runCli(async ({ database }) => {
  const db = database.db;
  const [user] = await db
    .select({ id: users.id, username: users.username, isStaff: users.isStaff })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (!user) {
    console.error(`No member has the username "${username}". Check the spelling (without @) and try again.`);
    return 1;
  }
  if (user.isStaff === grant) {
    console.info(`${user.username} ${grant ? 'is already staff' : 'is not staff'}; nothing changed.`);
    return 0;
  }
  await db.update(users).set({ isStaff: grant, updatedAt: new Date() }).where(eq(users.id, user.id));
  console.info(
    grant
      ? `${user.username} is now staff. It takes effect at their next sign-in or session refresh.`
      : `${user.username} is no longer staff. It takes effect at their next sign-in or session refresh.`,
  );
  return 0;
});
