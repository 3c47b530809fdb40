/** The daily streak's zod-free values (re-exported by streaks.ts), usable without bundling zod. */

/** Zones already found valid: every check-in sends one, and making a formatter to ask is slow (a few hundred exist). */
const knownZones = new Set<string>();

/** Whether `name` is an IANA timezone this runtime knows (`Europe/Berlin`, `UTC`, …). */
export function isValidTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  if (knownZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    if (knownZones.size < 1000) knownZones.add(name);
    return true;
  } catch {
    return false;
  }
}

/** XP a check-in earns. */
export const CHECK_IN_XP = 5;
