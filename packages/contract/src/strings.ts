import { z } from 'zod';

/**
 * The one rule for text a client sends (docs/architecture.md, API conventions): no U+0000 (PostgreSQL `text` and `jsonb` cannot hold it,
 * so it fails in the database as a 500) and no lone UTF-16 surrogate (not encodable as UTF-8, so the driver
 * would silently store U+FFFD instead of what was sent). The server applies it to every request centrally;
 * schemas that want their own message refine with `isStorableText`.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what the rule is about
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

export const STRINGS_MSG = {
  notStorable: '{field} contains characters that are not allowed.',
  fileNameNotStorable: 'The file name contains characters that are not allowed.',
} as const;

/** "first_name" → "First name", for the field's message. */
function fieldLabel(path: ReadonlyArray<string | number>): string {
  const last = [...path].reverse().find((p) => typeof p === 'string');
  if (last === undefined) return 'This field';
  const words = String(last).replace(/_/g, ' ').trim() || 'This field';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const notStorableMessage = (path: ReadonlyArray<string | number>) =>
  STRINGS_MSG.notStorable.replace('{field}', fieldLabel(path));

/** A key is reported with its unstorable characters made visible, so the field map itself stays storable. */
const printableKey = (key: string) => key.replace(new RegExp(UNSTORABLE.source, 'g'), '\uFFFD');

/**
 * Every string (values and object keys) in `value` that breaks the rule, as field paths → message. Walks at
 * most `maxDepth` levels (deeper nesting is reported as a field error rather than walked: a request body is
 * bounded by the body limit, but a pathological nesting should not cost recursion).
 */
export function findUnstorableText(value: unknown, maxDepth = 64): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const report = (path: Array<string | number>) => {
    const field = path.join('.') || 'non_field_errors';
    (errors[field] ??= []).push(notStorableMessage(path));
  };
  const walk = (v: unknown, path: Array<string | number>, depth: number) => {
    if (typeof v === 'string') {
      if (!isStorableText(v)) report(path);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    if (depth >= maxDepth) {
      const field = path.join('.') || 'non_field_errors';
      (errors[field] ??= []).push('This value is nested too deeply.');
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...path, i], depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
      if (!isStorableText(key)) report([...path, printableKey(key)]);
      else walk(item, [...path, key], depth + 1);
    }
  };
  walk(value, [], 0);
  return errors;
}

/** A string schema with the rule, for a schema that wants its own message (the server's central check uses the field's name). */
export const storableString = (message = 'This text contains characters that are not allowed.') =>
  z.string().refine(isStorableText, message);
