import { useEffect, useLayoutEffect, useRef } from 'react';
import { BUTTON_PRIORITY, mainButtons, secondaryButtons, type BottomButtonSpec } from './buttons';

type Registry = typeof mainButtons;

function useBottomButton(registry: Registry, spec: BottomButtonSpec | null, priority: number) {
  const onClick = useRef(spec?.onClick);
  useLayoutEffect(() => {
    onClick.current = spec?.onClick;
  });
  const id = useRef<number | null>(null);
  const on = spec !== null;
  const text = spec?.text ?? '';
  const enabled = spec?.enabled !== false;
  const loading = Boolean(spec?.loading);
  const visible = spec?.visible !== false;

  useEffect(() => {
    if (!on) return;
    const own = registry.add(priority, { text: '', onClick: () => {}, visible: false });
    id.current = own;
    return () => {
      id.current = null;
      registry.remove(own);
    };
  }, [registry, on, priority]);

  useEffect(() => {
    if (!on || id.current === null) return;
    registry.update(id.current, { text, enabled, loading, visible, onClick: () => onClick.current?.() });
  }, [registry, on, priority, text, enabled, loading, visible]);
}

/**
 * Telegram's MainButton for the screen's primary action, inside a Mini App; nothing elsewhere. `null`
 * registers nothing (a lower registration, if any, keeps the button). Text, enabled state and spinner follow
 * the spec on every render; the click always calls the latest `onClick`. The in-page duplicate carries
 * `tg-main:hidden` (styles.css) so it disappears where this button stands in for it.
 */
export function useMainButton(spec: BottomButtonSpec | null, priority: number = BUTTON_PRIORITY.page): void {
  useBottomButton(mainButtons, spec, priority);
}

/** Telegram's SecondaryButton (Bot API 7.10) for a second action, e.g. Share; see useMainButton. */
export function useSecondaryButton(spec: BottomButtonSpec | null, priority: number = BUTTON_PRIORITY.page): void {
  useBottomButton(secondaryButtons, spec, priority);
}
