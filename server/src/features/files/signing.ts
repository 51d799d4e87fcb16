// Signed file URLs. <img>, <video> and <a> cannot send a bearer header, so a reply that may show
// a file to its caller carries a URL with an expiry and an HMAC over (name, expiry): possession
// of the URL is the permission, and it runs out. Minted per reply, only for allowed callers.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';

export const FILE_URL_TTL_SECONDS = 60 * 60;
/** Expiries are rounded up to this step, so repeated replies give the same (cacheable) URL. */
const EXPIRY_STEP_SECONDS = 5 * 60;

export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    // A key of its own, derived from the server secret: a file signature can never be replayed
    // as anything else signed with that secret (and vice versa).
    this.key = createHmac('sha256', secret).update('file-url-signing-v1').digest();
  }

  private signature(name: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${name}\n${exp}`).digest('base64url');
  }

  /** `/api/v1/files/<name>?exp=<unix seconds>&sig=<base64url>` valid for about an hour. */
  url(name: string): string {
    const now = Math.floor(this.clock().getTime() / 1000);
    const exp = Math.ceil((now + FILE_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const sig = this.signature(name, exp);
    return `/api/v1/files/${encodeURIComponent(name)}?exp=${exp}&sig=${sig}`;
  }

  /** Seconds the URL stays valid; undefined when the signature is wrong or has expired. */
  verify(name: string, exp: string | undefined, sig: string | undefined): number | undefined {
    if (!exp || !sig || !/^[0-9]{1,12}$/.test(exp)) return undefined;
    const expiry = Number(exp);
    const remaining = expiry - Math.floor(this.clock().getTime() / 1000);
    if (remaining <= 0) return undefined;
    // Compared as text: decoding first would accept variants differing only in a last
    // character's unused bits.
    const expected = Buffer.from(this.signature(name, expiry));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? remaining
      : undefined;
  }
}
