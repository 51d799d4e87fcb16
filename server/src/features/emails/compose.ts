// The email of an announcement (an event, a waiting review, a disabled webhook): its words, a
// button to the screen it is about and its unsubscribe link (the advocate's or the brand's).
import type { RoleCode } from '../../db/schema.js';
import type { QueuedEmail } from './queue.js';
import { PRODUCT_NAME } from './template.js';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-token.js';

/** What links in emails need: the product's public address and the secret that signs them. */
export interface EmailLinks {
  publicUrl: string;
  secret: string;
}

/** An announcement as an email tells it: whom (the advocate, or the brand's owners) and what. */
export interface EmailNotice {
  to: 'advocate' | 'owner';
  role: RoleCode;
  kind: string;
  title: string;
  body: string;
  link: string;
}

/** The email of an announcement, with its unsubscribe link (the advocate's or the brand's). */
export function notificationEmail(
  ctx: EmailLinks,
  userId: number,
  to: string,
  a: EmailNotice,
  brandId: number,
): QueuedEmail {
  const scope =
    a.to === 'owner' ? ({ kind: 'brand', brandId } as const) : ({ kind: 'user' } as const);
  const base = ctx.publicUrl.replace(/\/$/, '');
  return {
    userId,
    kind: a.kind,
    to,
    content: {
      subject: `${a.title} · ${PRODUCT_NAME}`,
      paragraphs: [a.body],
      action: { label: 'Open in ' + PRODUCT_NAME, url: `${base}${a.link}` },
      unsubscribeUrl: unsubscribeUrl(
        ctx.publicUrl,
        unsubscribeToken(ctx.secret, { userId, scope }),
      ),
      reason:
        a.to === 'owner'
          ? 'You get this email because you own this brand.'
          : 'You get this email because email notifications are on in your Notification & Preferences.',
    },
  };
}
