/**
 * `npm run admin -- --grant <username>` makes a member staff; `--revoke <username>` takes it back (the
 * change reaches the member's session at their next sign-in or token refresh, at most 15 minutes).
 * `--disable <username>` stops an account at once (sessions revoked, next call refused); `--enable` undoes it.
 */
import { eq, sql } from 'drizzle-orm';
import { users } from './db/schema/index.ts';
import { runCli } from './lib/cli.ts';
import { setAccountActive } from './modules/auth/account-access.service.ts';

const FLAGS = ['--grant', '--revoke', '--disable', '--enable'];
const USAGE = `Usage: npm run admin -- ${FLAGS.join('|')} <username>`;
const [flag, rawName, ...rest] = process.argv.slice(2);
if (!flag || !FLAGS.includes(flag) || !rawName || rawName.startsWith('--') || rest.length) {
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
  if (flag === '--disable' || flag === '--enable') {
    const active = flag === '--enable';
    const changed = await setAccountActive(db, user.id, active, new Date());
    console.info(
      !changed
        ? `${user.username} is already ${active ? 'enabled' : 'disabled'}; nothing changed.`
        : active
          ? `${user.username} is enabled again. They can sign in.`
          : `${user.username} is disabled: signed out everywhere, and refused from now on.`,
    );
    return 0;
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
