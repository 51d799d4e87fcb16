// One layout for every notification email: a plain-text and an HTML part saying the same, the
// product's name, a button to the screen it is about, and the unsubscribe link (which works
// without signing in; a security email has none: it goes out whatever the settings).
export const PRODUCT_NAME = 'Advocately';

export interface EmailContent {
  subject: string;
  /** Paragraphs of the message. */
  paragraphs: string[];
  /** The screen it is about: its button's label and absolute URL. */
  action: { label: string; url: string };
  /** Null for a security email (two-factor changed, a recovery code used). */
  unsubscribeUrl: string | null;
  /** Why they get it, above the unsubscribe link ("… because …"). */
  reason: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderEmail(content: EmailContent): { text: string; html: string } {
  const text = [
    ...content.paragraphs,
    `${content.action.label}: ${content.action.url}`,
    '--',
    `${PRODUCT_NAME}. ${content.reason}`,
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ].join('\n\n');
  const unsubscribe = content.unsubscribeUrl
    ? ` <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1f2430">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${PRODUCT_NAME}</p>
${content.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:20px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:12px;color:#6b7280;margin:24px 0 0">${escapeHtml(content.reason)}${unsubscribe}</p>
</td></tr></table>
</body></html>`;
  return { text, html };
}
