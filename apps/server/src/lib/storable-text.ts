import { findUnstorableText } from '@wyn/contract';
import { badRequest } from './errors.ts';

/** The 400 for text the database cannot store: the first field's message as the detail, every field in the map. */
export function refuseUnstorableText(value: unknown): void {
  const errors = findUnstorableText(value);
  const first = Object.entries(errors)[0];
  if (!first) return;
  const [field, messages] = first;
  throw badRequest(field === 'non_field_errors' ? messages[0]! : `${field}: ${messages[0]!}`, errors);
}
