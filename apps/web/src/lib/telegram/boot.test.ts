import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shellKit } from './shell';
import { syncShellClasses } from './shell-start';
import { LAUNCH_KEY, launchParams, parseLaunchParams, resetTelegramForTests } from './webapp';

/**
 * public/tg-boot.js runs before the first paint and the app takes over from it: the two must agree on the
 * launch parameters they keep, the colour scheme, the shell classes and Telegram's base colours (the same
 * mapping app/theme.tsx applies: background ← secondary_bg_color, card ← section_bg_color, text ← text_color).
 */
const BOOT = readFileSync(path.join(import.meta.dirname, '../../../public/tg-boot.js'), 'utf8');
const runBoot = () => new Function(BOOT)();

const DARK = {
  bg_color: '#212121',
  secondary_bg_color: '#181818',
  section_bg_color: '#2a2a2a',
  text_color: '#ffffff',
  button_color: '#8774e1',
};

function launch(version: string, theme: object = DARK) {
  const fragment = new URLSearchParams({
    tgWebAppData: 'query_id=q&user=%7B%22id%22%3A7%7D&auth_date=1&hash=abc',
    tgWebAppVersion: version,
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  window.history.replaceState(null, '', `/wallet#${fragment.toString()}`);
}

const root = document.documentElement;
beforeEach(() => resetTelegramForTests());
afterEach(() => {
  window.history.replaceState(null, '', '/');
  root.className = '';
  root.removeAttribute('style');
});

describe('tg-boot.js', () => {
  it("paints Telegram's dark theme and marks the shell before the app runs, as the app then does", () => {
    launch('8.0');
    runBoot();
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    expect(root.style.getPropertyValue('--background')).toBe('#181818');
    expect(root.style.getPropertyValue('--card')).toBe('#2a2a2a');
    expect(root.style.getPropertyValue('--foreground')).toBe('#ffffff');
    const bootClasses = [...root.classList].filter((c) => c.startsWith('tg')).sort();
    expect(bootClasses).toEqual(['tg', 'tg-back', 'tg-main', 'tg-secondary']);

    // What it kept is what the app reads, and the app's classes before Telegram's script are the same.
    expect(JSON.parse(sessionStorage.getItem(LAUNCH_KEY) ?? 'null')).toEqual(parseLaunchParams(window.location.hash));
    root.className = '';
    syncShellClasses(shellKit, false);
    expect([...root.classList].sort()).toEqual(bootClasses);
    expect(launchParams().themeParams).toEqual(DARK);
  });

  it('an old client gets only the classes of what it has', () => {
    launch('6.0', { bg_color: '#ffffff', text_color: '#000000' });
    runBoot();
    expect(root.classList.contains('dark')).toBe(false);
    expect([...root.classList].sort()).toEqual(['tg', 'tg-main']);
  });

  it("the member's own setting wins over Telegram's, and Telegram's colours are then left alone", () => {
    localStorage.setItem('wyn.settings', JSON.stringify({ theme: 'light' }));
    launch('8.0');
    runBoot();
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.getPropertyValue('--background')).toBe('');
  });

  it('a plain browser: the system scheme, no Telegram class, nothing kept', () => {
    window.history.replaceState(null, '', '/wallet#top');
    runBoot();
    expect(root.classList.contains('tg')).toBe(false);
    expect(root.classList.contains('dark')).toBe(false);
    expect(sessionStorage.getItem(LAUNCH_KEY)).toBeNull();
  });
});
