import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/accounts.service.ts';

/** The phone shape the contract accepts; stored without spaces, brackets and dashes. */
const PHONE_RE = /^\+?[0-9 ()-]{7,20}$/;
export const normalizePhone = (v: string) => v.trim().replace(/[ ()-]/g, '');

/**
 * Finds the account an identifier names: an e-mail or a username (both case-insensitive) or a phone
 * number. Should one string match several accounts (a digits-only username equal to someone's phone),
 * e-mail wins, then username, then phone.
 */
export async function findUserByIdentifier(db: DbOrTx, identifier: string): Promise<UserRow | undefined> {
  const raw = identifier.trim();
  if (!raw) return undefined;
  const lower = raw.toLowerCase();
  const phone = PHONE_RE.test(raw) ? normalizePhone(raw) : null;
  const conditions: SQL[] = [sql`lower(${users.email}) = ${lower}`, sql`lower(${users.username}) = ${lower}`];
  if (phone) conditions.push(eq(users.phoneNumber, phone));
  const rows = await db
    .select()
    .from(users)
    .where(or(...conditions))
    .limit(3);
  return (
    rows.find((r) => r.email?.toLowerCase() === lower) ??
    rows.find((r) => r.username?.toLowerCase() === lower) ??
    rows.find((r) => phone !== null && r.phoneNumber === phone)
  );
}

export type IdentifierFields = { username?: string | null; email?: string | null; phoneNumber?: string | null };

/** Accounts that already use any of these identifiers (case-insensitive username and e-mail). */
export async function findUsersByAnyIdentifier(db: DbOrTx, fields: IdentifierFields): Promise<UserRow[]> {
  const conditions: SQL[] = [];
  if (fields.username) conditions.push(sql`lower(${users.username}) = ${fields.username.toLowerCase()}`);
  if (fields.email) conditions.push(sql`lower(${users.email}) = ${fields.email.toLowerCase()}`);
  if (fields.phoneNumber) conditions.push(eq(users.phoneNumber, fields.phoneNumber));
  if (!conditions.length) return [];
  return db
    .select()
    .from(users)
    .where(or(...conditions));
}

export const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
