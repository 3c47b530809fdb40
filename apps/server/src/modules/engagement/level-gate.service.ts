import { levelNeededMessage } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { xpOf } from './xp.service.ts';

/**
 * A quest's or perk's `min_level` (issue #16 item 2): a member below it is refused with a 403 saying the level
 * needed and how much XP they still need (code `level_too_low`). XP only grows, so checking before the write
 * cannot let anyone in who should not be.
 */
export async function assertLevel(db: DbOrTx, what: 'quest' | 'perk', userId: string, minLevel: number): Promise<void> {
  if (minLevel <= 1) return;
  const have = await xpOf(db, userId);
  if (have.level < minLevel) throw new AppError(403, 'level_too_low', levelNeededMessage(what, minLevel, have));
}
