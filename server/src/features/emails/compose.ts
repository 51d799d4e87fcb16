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

/** A change to how an account signs in, told to its holder (issue 35, item 13). */
export interface SecurityNotice {
  kind: 'security.two_factor_on' | 'security.two_factor_off' | 'security.recovery_code_used';
  title: string;
  body: string;
}

/**
 * The email telling the account holder of a security change. It goes out whatever their
 * notification settings, so it has no unsubscribe link; it says what to do if it was not them.
 */
export function securityEmail(
  publicUrl: string,
  user: { id: number; email: string },
  notice: SecurityNotice,
): QueuedEmail {
  return {
    userId: user.id,
    kind: notice.kind,
    to: user.email,
    content: {
      subject: `${notice.title} · ${PRODUCT_NAME}`,
      paragraphs: [
        notice.body,
        'If this was not you, change your password now and check your two-factor settings.',
      ],
      action: {
        label: 'Open your profile',
        url: `${publicUrl.replace(/\/$/, '')}/user/profile`,
      },
      unsubscribeUrl: null,
      reason: 'You get this email because it is about the security of your account.',
    },
  };
}
