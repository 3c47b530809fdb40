import { z } from 'zod';
import { amountString } from './common.ts';

export const wallet = z.object({
  id: z.uuid(),
  user: z.uuid(),
  balance: amountString,
});
export type Wallet = z.infer<typeof wallet>;
