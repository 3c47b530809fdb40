import { useEffect, useLayoutEffect, useRef } from 'react';
import { backButtons, BUTTON_PRIORITY } from './buttons';

/**
 * Telegram's BackButton inside a Mini App. `onBack` shows it and runs on a tap; `null` registers nothing.
 * The app's layout registers the route's default (back in history, or to the tab root); a screen with its
 * own idea of "back" (a wizard step) registers over it at page priority. `hidden` registers an explicit "no
 * BackButton" (a tab root).
 */
export function useBackButton(onBack: (() => void) | null | 'hidden', priority: number = BUTTON_PRIORITY.page): void {
  const handler = useRef(onBack);
  useLayoutEffect(() => {
    handler.current = onBack;
  });
  const on = onBack !== null;
  const hidden = onBack === 'hidden';
  useEffect(() => {
    if (!on) return;
    const id = backButtons.add(priority, {
      onClick: hidden
        ? null
        : () => {
            const h = handler.current;
            if (typeof h === 'function') h();
          },
    });
    return () => backButtons.remove(id);
  }, [on, hidden, priority]);
}
