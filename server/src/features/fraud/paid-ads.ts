// Clicks bought from ad networks. An ad network appends its click id to the URL it sends the
// visitor to; when that URL is a share link, the redirect sees it. The redirect marks such a
// click in its click id (no column, no extra byte per stored click: the redirect path is the
// hottest write), and a conversion reads the mark off the click id it was attributed by.

/** The ad networks' click parameters: Google (gclid, gad_source), Meta, Microsoft, TikTok, X, LinkedIn, Reddit. */
export const PAID_AD_PARAMS = [
  'gclid',
  'gad_source',
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'rdt_cid',
] as const;

const PAID_AD_QUERY = new RegExp(`[?&](?:${PAID_AD_PARAMS.join('|')})=`);

/** Whether a request URL (path and query) carries an ad network's click id. */
export const isPaidAdLanding = (url: string): boolean =>
  url.includes('?') && PAID_AD_QUERY.test(url);

/**
 * The mark: a click id is the time in 9 base-36 characters, then base64url characters, which
 * never include '.'; a paid click's 10th character is '.' (15 random characters stay: 90 bits).
 */
const MARK_AT = 9;
export const markPaidAd = (clickId: string): string =>
  clickId.slice(0, MARK_AT) + '.' + clickId.slice(MARK_AT + 1);
export const isPaidAdClick = (clickId: string): boolean => clickId[MARK_AT] === '.';
