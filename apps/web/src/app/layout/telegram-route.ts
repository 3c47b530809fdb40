import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href, paths } from '@/config/paths';
import { useCurrentUser, useIsAuthenticated } from '@/lib/session';
import { BUTTON_PRIORITY, haptic, useBackButton } from '@/lib/telegram';

/** The screens of the five tabs: no BackButton there. */
export function isTabRoot(pathname: string, ownId: string | null): boolean {
  const p = pathname.replace(/\/+$/, '') || '/';
  if (p === paths.root || p === paths.home || p === paths.explore || p === paths.create || p === paths.wallet)
    return true;
  return p === paths.profile || (ownId !== null && p === href.profile(ownId));
}

/** Screens a member does not go back from (sign-in's entry points). */
const NO_BACK = new Set<string>([paths.splash, paths.onboarding, paths.login, paths.telegramAuth]);

/** Where BackButton goes when the app's history is empty (a deep link opened the screen): its tab root. */
export function backFallback(pathname: string, signedIn: boolean): string {
  if (!signedIn) return paths.login;
  // An item's analytics go back to the item.
  const analytics = /^\/(quest|perk)\/([^/]+)\/analytics\/?$/.exec(pathname);
  if (analytics) return analytics[1] === 'quest' ? href.quest(analytics[2]!) : href.perk(analytics[2]!);
  if (pathname.startsWith('/perk/')) return href.exploreTab('perks');
  if (pathname.startsWith('/quest/')) return paths.home;
  if (pathname.startsWith('/edit-perk/')) return href.perk(pathname.slice('/edit-perk/'.length));
  if (pathname.startsWith('/edit-quest/')) return href.quest(pathname.slice('/edit-quest/'.length));
  if (pathname === paths.review || pathname === paths.managePerks || pathname === paths.invite) return paths.profile;
  return paths.home;
}

/** react-router's history position (0 on the first screen of this visit). */
function historyIndex(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

/**
 * Inside a Mini App: Telegram's BackButton on every screen but a tab root, going back in the app's history,
 * or to the tab root when there is none; a selection tick when the member moves between tabs. Screens may
 * register their own BackButton over this one (a wizard goes back a step).
 */
export function useTelegramRoute(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signedIn = useIsAuthenticated();
  const ownId = useCurrentUser()?.id ?? null;
  const root = isTabRoot(pathname, ownId) || NO_BACK.has(pathname);

  useBackButton(
    root
      ? 'hidden'
      : () => {
          if (historyIndex() > 0) void navigate(-1);
          else void navigate(backFallback(pathname, signedIn), { replace: true });
        },
    BUTTON_PRIORITY.route,
  );

  const previous = useRef(pathname);
  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before !== pathname && isTabRoot(before, ownId) && isTabRoot(pathname, ownId)) haptic.selection();
  }, [pathname, ownId]);
}
