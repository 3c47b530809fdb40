import { z } from 'zod';

/** Amounts travel as decimal strings with two places ("125.00"); storage is integer hundredths. */
export const amountString = z.string().regex(/^-?\d+\.\d{2}$/, 'Amount must have two decimal places');
export type AmountString = z.infer<typeof amountString>;

/** An amount a client sends: a number or a numeric string, at most two decimals. */
export const amountInput = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount with at most two decimals'),
  ])
  .transform((v) => Number(v))
  .refine(
    (v) => Number.isFinite(v) && Math.round(v * 100) === Math.round(v * 100 * 1e6) / 1e6,
    'Enter an amount with at most two decimals',
  );

export const uuid = z.uuid({ message: 'Invalid ID format' });
// Lower-cased so an upper-case spelling of an id compares equal to the stored one (own-id checks).
export const idParams = z.object({ id: uuid.toLowerCase() });

export const isoDateTime = z.string();

export const errorBody = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const detailBody = z.object({ detail: z.string() });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
  });
}
export type Paginated<T> = { results: T[]; count: number; next: string | null; previous: string | null };

export { ErrorCode, IDEMPOTENCY_MSG } from './error-codes.ts';
