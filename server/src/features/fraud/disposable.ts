// Disposable (throw-away) email domains, from the maintained `disposable-email-domains` list
// (about 120,000 domains), loaded on first use.
import { createRequire } from 'node:module';

let domains: Set<string> | undefined;

function list(): Set<string> {
  if (!domains) {
    const require = createRequire(import.meta.url);
    domains = new Set(require('disposable-email-domains') as string[]);
  }
  return domains;
}

/** Whether the email's domain, or a parent domain of it, is a disposable mail service. */
export function isDisposableEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const parts = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .split('.');
  const known = list();
  for (let i = 0; i < parts.length - 1; i++) if (known.has(parts.slice(i).join('.'))) return true;
  return false;
}
