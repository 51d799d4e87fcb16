/** Replies that carry a fresh access token: servers spell it `access` or `token`. */
export interface TokenReply {
  access?: string;
  token?: string;
}

/** The access token of a reply, or null when it carries none. */
export function tokenFromReply(reply: unknown): string | null {
  if (typeof reply !== 'object' || reply === null) return null;
  const { access, token } = reply as Record<string, unknown>;
  if (typeof access === 'string' && access) return access;
  if (typeof token === 'string' && token) return token;
  return null;
}
