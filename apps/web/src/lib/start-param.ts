/**
 * Deep links (issue #14 item 8): which start parameter a launch carries and which screen it opens. Pure; the
 * launch's sources are read by start-link.ts. The format (`q_`, `p_`, `u_`, `r_`) is the contract's.
 */
import { parseStartParam, type StartTarget } from '@wyn/contract';
import { href, paths } from '@/config/paths';

export { parseStartParam, type StartTarget };

/** Where a launch's start parameter can be: signed init data first, then the launch URL, then `?startapp=`. */
export interface StartParamSources {
  /** The signed init data (a query string with `start_param`), inside a Mini App. */
  initData: string | null;
  /** `tgWebAppStartParam` of the launch URL. */
  launchStartParam: string | null;
  /** The page's query string, for `/?startapp=…` in a plain browser. */
  search: string;
}

function queryParam(query: string | null, name: string): string | null {
  if (!query) return null;
  try {
    return new URLSearchParams(query.replace(/^[?#]/, '')).get(name) || null;
  } catch {
    return null;
  }
}

/** The raw start parameter of a launch, or null. */
export function readStartParam(sources: StartParamSources): string | null {
  return (
    queryParam(sources.initData, 'start_param') ??
    (sources.launchStartParam || null) ??
    queryParam(sources.search, 'startapp')
  );
}

/** What identifies one Mini App launch (the init data's signature), so a reload does not follow its link again. */
export function launchKey(initData: string | null): string | null {
  return queryParam(initData, 'hash');
}

/** The screen a start target opens: the quest, perk or profile; Home for a referral. */
export function startTargetPath(target: StartTarget): string {
  switch (target.kind) {
    case 'quest':
      return href.quest(target.id);
    case 'perk':
      return href.perk(target.id);
    case 'profile':
      return href.profile(target.id);
    case 'referral':
      return paths.home;
  }
}
