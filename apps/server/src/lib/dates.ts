import { badRequest } from './errors.ts';

/** A timestamp as ISO 8601, or null. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The deadline as a Date (null when none); one not in the future is a 400 on `deadline` with `pastMessage`. */
export function futureDeadline(deadline: string | null | undefined, now: Date, pastMessage: string): Date | null {
  if (!deadline) return null;
  const d = new Date(deadline);
  if (d.getTime() <= now.getTime()) throw badRequest(pastMessage, { deadline: [pastMessage] });
  return d;
}
