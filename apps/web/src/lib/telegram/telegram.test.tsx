import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeTelegram, type FakeTelegram } from '@/testing/telegram';
import { BUTTON_PRIORITY, flushTelegramButtons, resetButtonsForTests, setButtonApplier } from './buttons';
import { createButtonApplier } from './buttons-apply';
import { haptic } from './haptics';
import { isTelegramLink, openExternalLink } from './links';
import { initTelegram, onTelegramThemeChange, resetShellForTests, shellKit } from './shell';
import { useBackButton } from './use-back-button';
import { useMainButton, useSecondaryButton } from './use-bottom-button';
import { useClosingConfirmation } from './use-closing-confirmation';
import {
  expectsSupport,
  getTelegramTheme,
  launchParams,
  parseLaunchParams,
  resetTelegramForTests,
  supports,
  versionAtLeast,
} from './webapp';

let tg: FakeTelegram | null = null;

beforeEach(() => {
  resetTelegramForTests();
  resetButtonsForTests();
  resetShellForTests();
  // Inside a Mini App the shell installs it (shell-start.ts).
  setButtonApplier(createButtonApplier(shellKit));
});
afterEach(() => {
  tg?.uninstall();
  tg = null;
  window.history.replaceState(null, '', '/');
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

/** Lets the registries apply (they do once per tick). */
async function applied() {
  await act(async () => {
    await Promise.resolve();
  });
  flushTelegramButtons();
}

describe('webapp: versions and launch parameters', () => {
  it('compares versions part by part', () => {
    expect(versionAtLeast('7.10', '7.7')).toBe(true);
    expect(versionAtLeast('7.7', '7.10')).toBe(false);
    expect(versionAtLeast('8.0', '8.0')).toBe(true);
    expect(versionAtLeast('6', '6.1')).toBe(false);
    expect(versionAtLeast(null, '6.0')).toBe(false);
  });

  it('reads the launch parameters from the fragment and keeps them for a reload', () => {
    const theme = { bg_color: '#212121', text_color: '#ffffff' };
    const fragment = new URLSearchParams({
      tgWebAppData: 'user=1&hash=h',
      tgWebAppVersion: '7.10',
      tgWebAppPlatform: 'ios',
      tgWebAppThemeParams: JSON.stringify(theme),
      tgWebAppStartParam: 'q_1',
    });
    window.history.replaceState(null, '', `/quest/1#${fragment.toString()}`);
    expect(launchParams()).toEqual({
      initData: 'user=1&hash=h',
      version: '7.10',
      platform: 'ios',
      themeParams: theme,
      startParam: 'q_1',
    });
    // The router drops the fragment; a reload in the same Telegram session still knows.
    window.history.replaceState(null, '', '/quest/1');
    resetTelegramForTests();
    expect(launchParams().version).toBe('7.10');
    // Before Telegram's script: the theme from the launch parameters, dark by its background.
    expect(getTelegramTheme()).toEqual({ colorScheme: 'dark', themeParams: theme });
    expect(expectsSupport('backButton')).toBe(true);
    expect(expectsSupport('shareMessage')).toBe(false);
    expect(supports('backButton')).toBe(false);
  });

  it('ignores a fragment without Telegram and a malformed theme', () => {
    expect(parseLaunchParams('#section-2')).toBeNull();
    expect(parseLaunchParams('#tgWebAppVersion=8.0&tgWebAppThemeParams=%7Bnope')?.themeParams).toBeNull();
  });

  it('supports a feature by the client version, and nothing outside a Mini App', () => {
    expect(supports('mainButton')).toBe(false);
    tg = installFakeTelegram({ version: '7.7' });
    expect(supports('verticalSwipes')).toBe(true);
    expect(supports('secondaryButton')).toBe(false);
    expect(getTelegramTheme()?.colorScheme).toBe('light');
  });
});

describe('MainButton and SecondaryButton', () => {
  function Screen({ text, onClick, loading = false }: { text: string; onClick: () => void; loading?: boolean }) {
    useMainButton({ text, onClick, loading });
    return null;
  }

  it('shows the screen action, calls the latest handler, follows loading, hides on leaving', async () => {
    tg = installFakeTelegram();
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<Screen text="Participate" onClick={first} />);
    await applied();
    expect(tg.state().main).toEqual({ text: 'Participate', visible: true, active: true, progress: false });
    expect(tg.callsOf('MainButton.setParams')[0]?.[0]).toMatchObject({
      text: 'Participate',
      is_active: true,
      is_visible: true,
      color: '#3390ec',
      text_color: '#ffffff',
    });
    view.rerender(<Screen text="Participate" onClick={second} loading />);
    await applied();
    expect(tg.state().main.progress).toBe(true);
    tg.press('MainButton');
    expect(second).not.toHaveBeenCalled(); // ignored while the spinner shows
    view.rerender(<Screen text="Participate" onClick={second} />);
    await applied();
    tg.press('MainButton');
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    // One click handler for the app's whole life, however often screens change.
    expect(tg.callsOf('MainButton.onClick')).toHaveLength(1);
    view.unmount();
    await applied();
    expect(tg.state().main.visible).toBe(false);
  });

  it('a dialog over the page takes the button and gives it back', async () => {
    tg = installFakeTelegram();
    const redeem = vi.fn();
    const confirm = vi.fn();
    function Perk() {
      const [open, setOpen] = useState(false);
      useMainButton({ text: 'Redeem for 30 W', onClick: () => setOpen(true) });
      useMainButton(open ? { text: 'Confirm & Redeem', onClick: confirm } : null, BUTTON_PRIORITY.dialog);
      return open ? <button onClick={() => setOpen(false)}>Cancel</button> : <span onClick={redeem} />;
    }
    const view = render(<Perk />);
    await applied();
    expect(tg.state().main.text).toBe('Redeem for 30 W');
    act(() => tg!.press('MainButton'));
    await applied();
    expect(tg.state().main.text).toBe('Confirm & Redeem');
    tg.press('MainButton');
    expect(confirm).toHaveBeenCalledTimes(1);
    act(() => view.getByText('Cancel').click());
    await applied();
    expect(tg.state().main.text).toBe('Redeem for 30 W');
  });

  it('a disabled button shows its reason and does nothing', async () => {
    tg = installFakeTelegram();
    const onClick = vi.fn();
    function Full() {
      useMainButton({ text: 'Quest is full', enabled: false, onClick });
      return null;
    }
    render(<Full />);
    await applied();
    expect(tg.state().main).toMatchObject({ text: 'Quest is full', visible: true, active: false });
    tg.press('MainButton');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('SecondaryButton only from Bot API 7.10; nothing at all outside a Mini App', async () => {
    function Share() {
      useSecondaryButton({ text: 'Share', onClick: () => {} });
      useMainButton({ text: 'Participate', onClick: () => {} });
      return null;
    }
    tg = installFakeTelegram({ version: '7.7' });
    const view = render(<Share />);
    await applied();
    expect(tg.callsOf('SecondaryButton.setParams')).toEqual([]);
    expect(tg.state().main.visible).toBe(true);
    view.unmount();
    tg.uninstall();
    resetButtonsForTests();

    tg = installFakeTelegram({
      version: '8.0',
      themeParams: {
        bg_color: '#ffffff',
        secondary_bg_color: '#f4f4f5',
        button_color: '#3390ec',
        button_text_color: '#ffffff',
      },
    });
    render(<Share />);
    await applied();
    expect(tg.state().secondary).toMatchObject({ text: 'Share', visible: true });
    // The second action is drawn quieter than the first: the button colour on the secondary background.
    expect(tg.callsOf('SecondaryButton.setParams').at(-1)?.[0]).toMatchObject({
      color: '#f4f4f5',
      text_color: '#3390ec',
    });
    expect(tg.callsOf('MainButton.setParams').at(-1)?.[0]).toMatchObject({ color: '#3390ec', text_color: '#ffffff' });
    tg.uninstall();
    tg = null;
    resetButtonsForTests();
    expect(() => render(<Share />)).not.toThrow();
    await applied();
  });
});

describe('BackButton', () => {
  it('the route says hidden on a tab root; a screen shows it and gets the tap; a 6.0 client is left alone', async () => {
    tg = installFakeTelegram();
    const back = vi.fn();
    function Route({ detail }: { detail: boolean }) {
      useBackButton('hidden', BUTTON_PRIORITY.route);
      return detail ? <Detail /> : null;
    }
    function Detail() {
      useBackButton(back);
      return null;
    }
    const view = render(<Route detail={false} />);
    await applied();
    expect(tg.state().back).toBe(false);
    view.rerender(<Route detail />);
    await applied();
    expect(tg.state().back).toBe(true);
    tg.press('BackButton');
    expect(back).toHaveBeenCalledTimes(1);
    view.rerender(<Route detail={false} />);
    await applied();
    expect(tg.state().back).toBe(false);
    view.unmount();
    tg.uninstall();
    resetButtonsForTests();

    tg = installFakeTelegram({ version: '6.0' });
    render(<Detail />);
    await applied();
    expect(tg.calls.filter(([m]) => m.startsWith('BackButton'))).toEqual([]);
  });
});

describe('closing confirmation, haptics, links', () => {
  it('asks before closing while any screen holds input, until the last lets go', async () => {
    tg = installFakeTelegram();
    function Draft({ dirty }: { dirty: boolean }) {
      useClosingConfirmation(dirty);
      return null;
    }
    const a = render(<Draft dirty />);
    const b = render(<Draft dirty />);
    expect(tg.state().closingConfirmation).toBe(true);
    a.rerender(<Draft dirty={false} />);
    expect(tg.state().closingConfirmation).toBe(true);
    b.unmount();
    expect(tg.state().closingConfirmation).toBe(false);
    expect(tg.callsOf('enableClosingConfirmation')).toHaveLength(1);
  });

  it('haptics inside a Mini App from 6.1 only', () => {
    tg = installFakeTelegram();
    haptic.success();
    haptic.error();
    haptic.selection();
    haptic.impact();
    expect(tg.callsOf('HapticFeedback.notificationOccurred')).toEqual([['success'], ['error']]);
    expect(tg.callsOf('HapticFeedback.selectionChanged')).toHaveLength(1);
    expect(tg.callsOf('HapticFeedback.impactOccurred')).toEqual([['light']]);
    tg.uninstall();
    tg = installFakeTelegram({ version: '6.0' });
    haptic.success();
    expect(tg.calls).toEqual([]);
  });

  it('t.me links through openTelegramLink, others through openLink; the browser keeps its own', () => {
    expect(isTelegramLink('https://t.me/wyn_bot?start=x')).toBe(true);
    expect(isTelegramLink('https://example.com/t.me')).toBe(false);
    expect(openExternalLink('https://t.me/wyn')).toBe(false);
    tg = installFakeTelegram();
    expect(openExternalLink('https://t.me/wyn')).toBe(true);
    expect(openExternalLink('http://telegram.me/wyn')).toBe(true);
    expect(openExternalLink('https://example.com/a?b=1')).toBe(true);
    expect(openExternalLink('javascript:alert(1)')).toBe(false);
    expect(tg.callsOf('openTelegramLink')).toEqual([['https://t.me/wyn'], ['https://telegram.me/wyn']]);
    expect(tg.callsOf('openLink')).toEqual([['https://example.com/a?b=1']]);
  });
});

describe('shell', () => {
  it('starts once: ready, expand, swipes off, classes, viewport and safe areas, themeChanged', async () => {
    tg = installFakeTelegram();
    const themed = vi.fn();
    onTelegramThemeChange(themed);
    await initTelegram();
    await initTelegram();
    expect(tg.callsOf('ready')).toHaveLength(1);
    expect(tg.callsOf('expand')).toHaveLength(1);
    expect(tg.callsOf('disableVerticalSwipes')).toHaveLength(1);
    const root = document.documentElement;
    expect([...root.classList].sort()).toEqual(['tg', 'tg-back', 'tg-main', 'tg-secondary']);
    expect(root.style.getPropertyValue('--tg-viewport-stable-height')).toBe('690px');
    expect(root.style.getPropertyValue('--tg-safe-area-inset-bottom')).toBe('20px');
    expect(root.style.getPropertyValue('--tg-content-safe-area-inset-top')).toBe('30px');

    tg.app.viewportStableHeight = 500;
    tg.emit('viewportChanged');
    expect(root.style.getPropertyValue('--tg-viewport-stable-height')).toBe('500px');
    const before = themed.mock.calls.length;
    tg.emit('themeChanged');
    expect(themed.mock.calls.length).toBe(before + 1);
  });

  it('an old client (6.0): no swipe call, no BackButton class, no safe-area variables', async () => {
    tg = installFakeTelegram({ version: '6.0' });
    await initTelegram();
    expect(tg.callsOf('disableVerticalSwipes')).toEqual([]);
    expect([...document.documentElement.classList].sort()).toEqual(['tg', 'tg-main']);
    expect(document.documentElement.style.getPropertyValue('--tg-safe-area-inset-top')).toBe('');
  });

  it('outside Telegram nothing is loaded and no class is set', async () => {
    await expect(initTelegram()).resolves.toBeNull();
    expect(document.documentElement.className).toBe('');
    expect(document.querySelector('script[src*="telegram.org"]')).toBeNull();
  });
});
