/**
 * Applies the button registries (buttons.ts) to Telegram's BackButton, MainButton and SecondaryButton. Loaded
 * inside a Mini App only (shell-start.ts), so a plain browser never downloads it.
 */
import type { BottomButtonSpec, ButtonApplier } from './buttons';
import type { ShellKit } from './shell-kit';
import type { BottomButtonParams, TelegramBottomButton, TelegramFeature } from './webapp';

/** Applies the registries to Telegram's buttons through the shell's kit. */
export function createButtonApplier(kit: ShellKit): ButtonApplier {
  const { backButtons, mainButtons, secondaryButtons, withWebApp, getTelegramTheme } = kit;

  /** What was last sent to Telegram per button, so an unchanged state is not sent again. */
  interface Applied {
    key: string;
    loading: boolean;
    visible: boolean;
  }
  const applied = new Map<string, Applied>();
  /** Buttons whose click is already routed to the registry (Telegram keeps every handler given to it). */
  const wired = new WeakSet<object>();

  function applyAll(): void {
    applyBack();
    applyBottom('main', 'mainButton', mainButtons.top());
    applyBottom('secondary', 'secondaryButton', secondaryButtons.top());
  }

  function applyBack() {
    const spec = backButtons.top();
    const visible = Boolean(spec?.onClick);
    withWebApp('backButton', (app) => {
      const button = app.BackButton;
      if (!button) return;
      if (!wired.has(button)) {
        wired.add(button);
        button.onClick?.(() => backButtons.top()?.onClick?.());
      }
      const last = applied.get('back');
      if (last && last.visible === visible) return;
      applied.set('back', { key: '', loading: false, visible });
      if (visible) button.show?.();
      else button.hide?.();
    });
  }

  /**
   * The MainButton in the theme's button colours; the SecondaryButton, as Telegram draws it by default, in the
   * button colour on a quiet background, so the second action never looks like the first; a disabled one greyed.
   */
  function colors(name: 'main' | 'secondary', active: boolean): Pick<BottomButtonParams, 'color' | 'text_color'> {
    const t = getTelegramTheme()?.themeParams ?? {};
    const pick = (a: string | undefined, b: string | undefined) => (a && /^#[0-9a-f]{6}$/i.test(a) ? a : b);
    const quiet = pick(t.secondary_bg_color, t.bg_color);
    const color = !active || name === 'secondary' ? quiet : t.button_color;
    const text = !active
      ? pick(t.hint_color, t.subtitle_text_color)
      : name === 'secondary'
        ? pick(t.button_color, t.link_color)
        : t.button_text_color;
    return { ...(color ? { color } : {}), ...(text ? { text_color: text } : {}) };
  }

  /** Telegram refuses an empty text and cuts it at 64 characters. */
  function buttonText(text: string): string {
    const t = text.trim() || '…';
    return t.length > 64 ? `${t.slice(0, 63)}…` : t;
  }

  function applyBottom(name: 'main' | 'secondary', feature: TelegramFeature, spec: BottomButtonSpec | null) {
    withWebApp(feature, (app) => {
      const button: TelegramBottomButton | undefined = name === 'main' ? app.MainButton : app.SecondaryButton;
      if (!button) return;
      const registry = name === 'main' ? mainButtons : secondaryButtons;
      if (!wired.has(button)) {
        wired.add(button);
        button.onClick?.(() => {
          const top = registry.top();
          if (top && top.visible !== false && top.enabled !== false && !top.loading) top.onClick();
        });
      }
      const last = applied.get(name);
      const visible = Boolean(spec && spec.visible !== false);
      if (!spec || !visible) {
        if (last && !last.visible) return;
        applied.set(name, { key: '', loading: false, visible: false });
        if (last?.loading) button.hideProgress?.();
        if (button.setParams) button.setParams({ is_visible: false });
        else button.hide?.();
        return;
      }
      const active = spec.enabled !== false;
      const params: BottomButtonParams = {
        text: buttonText(spec.text),
        is_active: active,
        is_visible: true,
        ...colors(name, active),
      };
      const key = JSON.stringify(params);
      const loading = Boolean(spec.loading);
      if (!last || last.key !== key || !last.visible) {
        if (button.setParams) button.setParams(params);
        else {
          button.setText?.(params.text ?? '');
          if (active) button.enable?.();
          else button.disable?.();
          button.show?.();
        }
      }
      if (loading !== Boolean(last?.loading)) {
        if (loading) button.showProgress?.(false);
        else button.hideProgress?.();
      }
      applied.set(name, { key, loading, visible: true });
    });
  }

  return { apply: applyAll, forget: () => applied.clear() };
}
