import { createHmac, timingSafeEqual } from 'node:crypto';
import { PRIVATE_MEDIA_PATH } from '@wyn/contract';
import { privateNameOf } from '../integrations/media-storage.ts';

/** A signed URL stays valid at least this long after it was handed out… */
const TTL_SECONDS = 60 * 60;
/**
 * …and at most this much longer: expiries are rounded up to a step, so the same viewer gets the same URL for a
 * while and the browser's cache and React's reconciliation keep the image instead of reloading it on every fetch.
 */
const STEP_SECONDS = 15 * 60;

export type PrivateMediaLinks = {
  /** A short-lived signed URL for a `private:` reference; anything else is returned unchanged. */
  urlFor(ref: string): string;
  /** True when `sig` is ours for this name and `exp` has not passed. */
  verify(name: string, exp: unknown, sig: unknown): boolean;
};

/**
 * Signed URLs for private media: an HMAC over the name and the expiry, keyed by a key derived from the JWT
 * secret (so no new secret to configure, and no token that signs sessions is ever used for media directly).
 * `<img>` and `<video>` cannot send the bearer header, so the signature is the authorisation.
 */
export function createPrivateMediaLinks(jwtSecret: string, now: () => Date): PrivateMediaLinks {
  const key = createHmac('sha256', jwtSecret).update('wyn private media v1').digest();
  const mac = (name: string, exp: number) => createHmac('sha256', key).update(`${name}\n${exp}`).digest();
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  return {
    urlFor(ref) {
      const name = privateNameOf(ref);
      if (!name) return ref;
      const exp = Math.ceil((nowSeconds() + TTL_SECONDS) / STEP_SECONDS) * STEP_SECONDS;
      return `${PRIVATE_MEDIA_PATH}${name}?exp=${exp}&sig=${mac(name, exp).toString('base64url')}`;
    },
    verify(name, exp, sig) {
      if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string') return false;
      const expiry = Number(exp);
      if (expiry <= nowSeconds()) return false;
      const given = Buffer.from(sig, 'base64url');
      const wanted = mac(name, expiry);
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
  };
}
