// The brands' billing-provider secrets at rest (every provider's webhook signing secret, Stripe's
// restricted key): AES-256-GCM under a key derived (HKDF) from the server's JWT secret and the
// secret's purpose, so a database dump alone reveals none of them. The plain secret exists only in
// memory, to verify a webhook's signature or call the provider; never returned by the API nor logged.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or undefined when the sealed text was not sealed under this key. */
  open(sealed: string): string | undefined;
}

export function secretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'advocately', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // Sealed under another JWT secret (rotated): the brand reconnects.
        return undefined;
      }
    },
  };
}
