import { startParamFor, type StartTarget } from '@wyn/contract';
import type { Config } from '../config.ts';

/**
 * The link that opens `target`: the Mini App (`https://t.me/<bot>/<app>?startapp=q_<id>`) when the bot and the
 * Mini App's short name are configured, else the web address `webPath` (a referral's is `/?startapp=r_<code>`).
 */
export function deepLink(config: Config, target: StartTarget, webPath: string): string {
  const { botUsername, miniAppShortName } = config.telegram;
  if (botUsername && miniAppShortName)
    return `https://t.me/${botUsername}/${miniAppShortName}?startapp=${startParamFor(target)}`;
  return `${config.publicUrl}${webPath}`;
}
