import { useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { moveItem } from './reorder';

/**
 * Up/down ordering for a staff list (categories, home sections): saves the orders `moveItem` says changed, one
 * after another (each save is one audit entry and one home refresh), then reloads the list. `base`: see moveItem.
 */
export function useSaveOrder(save: (id: string, order: number) => Promise<unknown>, reload: () => unknown) {
  const [moving, setMoving] = useState(false);
  const move = async <T extends { id: string; order: number }>(list: T[], index: number, dir: -1 | 1, base = 0) => {
    setMoving(true);
    try {
      for (const c of moveItem(list, index, dir, base)) await save(c.id, c.order);
      notify.success('Order saved');
    } catch (e) {
      notify.error(errorMessage(e, 'Could not save the order'));
    } finally {
      setMoving(false);
      void reload();
    }
  };
  return { moving, move };
}
