import { isValidTimeZone } from '@wyn/contract';

/**
 * The device's IANA timezone: the browser's, which inside Telegram is the phone's (Telegram's WebApp object has
 * none of its own). Undefined when the runtime cannot tell, so the server keeps what it has (UTC by default).
 */
export function deviceTimeZone(): string | undefined {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return tz && isValidTimeZone(tz) ? tz : undefined;
  } catch {
    return undefined;
  }
}
