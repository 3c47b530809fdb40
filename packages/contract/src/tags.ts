import { z } from 'zod';
import { LIMITS } from './limits.ts';

export const tag = z.object({ id: z.uuid(), name: z.string() });
export type Tag = z.infer<typeof tag>;

export const createTagRequest = z.object({
  name: z
    .string({ error: 'Tag name is required' })
    .trim()
    .min(1, 'Tag name is required')
    .max(LIMITS.tagNameMax, `Tag name must be at most ${LIMITS.tagNameMax} characters`)
    .regex(/^[^#\s][^\n]*$/, 'Tag name cannot start with # or a space'),
});

export const tagListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(20),
  search: z.string().trim().max(LIMITS.tagNameMax).optional(),
});
