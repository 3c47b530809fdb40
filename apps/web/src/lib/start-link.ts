/**
 * The deep link a launch carries (issue #14 item 8), kept until the member is signed in: a Mini App opened from
 * `t.me/<bot>/<app>?startapp=q_<id>`, or a browser opening `/?startapp=q_<id>`. Read once when the app starts
 * (before routing drops the launch URL) into sessionStorage, so it survives the sign-in screens; the protected
 * routes follow it once after sign-in (app/layout/require-auth.tsx). A referral code (`r_…`) is kept in
 * localStorage for the referral feature. Unknown or malformed parameters are ignored: the member lands on Home.
 */
import { getInitData, launchParams } from '@/lib/telegram';
import { local, session } from './storage';
import { launchKey, parseStartParam, readStartParam, startTargetPath, type StartParamSources } from './start-param';

const PENDING_KEY = 'wyn.start_link';
const DONE_KEY = 'wyn.start_link_done';
export const REFERRAL_CODE_KEY = 'wyn.referral_code';

interface Pending {
  raw: string;
  /** The launch it came with (init data signature); null for a browser's `?startapp=`. */
  key: string | null;
}

function currentSources(): StartParamSources {
  return {
    initData: getInitData(),
    launchStartParam: launchParams().startParam,
    search: typeof window === 'undefined' ? '' : window.location.search,
  };
}

/** Reads the launch's start parameter and keeps it until sign-in; a launch already followed is not kept again. */
export function captureStartLink(sources: StartParamSources = currentSources()): void {
  const raw = readStartParam(sources);
  const target = parseStartParam(raw);
  const key = launchKey(sources.initData);
  if (!raw || !target) {
    // A new Mini App launch without a link: a link an earlier launch left unfollowed is not this one's.
    const pending = session.getJson<Pending>(PENDING_KEY);
    if (key && pending?.key && pending.key !== key) session.remove(PENDING_KEY);
    return;
  }
  if (key && session.get(DONE_KEY) === key) return;
  if (target.kind === 'referral') local.set(REFERRAL_CODE_KEY, target.code);
  session.setJson(PENDING_KEY, { raw, key } satisfies Pending);
}

/** The screen the kept start parameter opens, or null when there is none. */
export function pendingStartRoute(): string | null {
  const pending = session.getJson<Pending>(PENDING_KEY);
  const target = parseStartParam(pending?.raw);
  return target ? startTargetPath(target) : null;
}

/** Marks the kept start parameter followed (a reload of the same launch does not follow it again). */
export function consumeStartLink(): void {
  const pending = session.getJson<Pending>(PENDING_KEY);
  if (pending?.key) session.set(DONE_KEY, pending.key);
  session.remove(PENDING_KEY);
}

/** The referral code a deep link brought (`r_<code>`), for the referral feature. */
export function referralCode(): string | null {
  return local.get(REFERRAL_CODE_KEY);
}

// Read at start-up, while the launch URL still carries the parameters.
if (typeof window !== 'undefined') captureStartLink();
