import { useEffect } from 'react';
import { withWebApp } from './webapp';

let holders = 0;

function sync(on: boolean) {
  withWebApp('closingConfirmation', (app) => {
    if (on) app.enableClosingConfirmation?.();
    else app.disableClosingConfirmation?.();
  });
}

/**
 * Asks Telegram to confirm before the Mini App closes while `active` (a wizard, proof form or message draft
 * holds unsaved input). Several screens may hold it at once; it is released when the last lets go.
 */
export function useClosingConfirmation(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    holders++;
    if (holders === 1) sync(true);
    return () => {
      holders--;
      if (holders === 0) sync(false);
    };
  }, [active]);
}
