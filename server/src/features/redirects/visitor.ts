// What a click records about its visitor, derived from the request headers alone: bot or not,
// device class, traffic source and referrer host. The keyed hash standing in for the person is
// lib/visitor-hash.ts (the audit log hashes addresses with it too).
import type { ClickSource, DeviceClass } from '../../db/schema.js';

/**
 * Crawlers, link unfurlers (chat apps and social networks fetch links to build previews) and
 * scripted HTTP clients. A curated list: the point is to keep previews and monitors out of the
 * counts, not to stop a determined faker. An absent user agent counts as a bot too (every
 * browser sends one).
 */
const BOT_PATTERN = new RegExp(
  [
    'bot\\b',
    'bot/',
    'crawl',
    'spider',
    'slurp',
    'archiver',
    'facebookexternalhit',
    'facebookcatalog',
    'embedly',
    'quora link preview',
    'outbrain',
    'pinterest',
    'vkshare',
    'w3c_validator',
    'whatsapp',
    'skypeuripreview',
    'bingpreview',
    'yahoo! slurp',
    'headlesschrome',
    'phantomjs',
    'lighthouse',
    'pagespeed',
    'prerender',
    'curl/',
    'wget/',
    'python-requests',
    'python-urllib',
    'aiohttp',
    'httpclient',
    'go-http-client',
    'okhttp',
    'java/',
    'libwww',
    'axios/',
    'node-fetch',
    'undici',
    'postmanruntime',
    'insomnia',
    'monitor',
    'uptime',
    'preview',
    'scan',
  ].join('|'),
  'i',
);

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_PATTERN.test(userAgent);
}

const TABLET = /ipad|tablet|playbook|silk|kindle|android(?!.*mobile)/i;
const MOBILE = /mobi|iphone|ipod|android|blackberry|iemobile|opera mini|windows phone/i;

export function deviceClass(userAgent: string | undefined): DeviceClass {
  if (!userAgent) return 'desktop';
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}

const SOCIAL = [
  'facebook',
  'fb',
  'instagram',
  'ig',
  'twitter',
  'x',
  't',
  'tiktok',
  'linkedin',
  'lnkd',
  'youtube',
  'youtu',
  'pinterest',
  'reddit',
  'snapchat',
  'whatsapp',
  'telegram',
  'discord',
  'threads',
  'tumblr',
  'messenger',
  'wa',
];
const SOCIAL_HOSTS = new Set(
  SOCIAL.flatMap((name) => [
    `${name}.com`,
    `${name}.co`,
    `${name}.me`,
    `${name}.be`,
    `${name}.net`,
    `${name}.in`,
    `${name}.org`,
  ]),
);
const MAIL_HOSTS =
  /^(mail\.|outlook\.|webmail\.)|(^|\.)(mail\.google|mail\.yahoo|outlook\.live|outlook\.office|office365|proton)\.(com|me)$|^(gmail|hotmail|yahoo|aol|icloud|proton|protonmail)\.(com|me)$/;
const MAIL_UTM = /^(e-?mail|newsletter|mailchimp|sendgrid|substack|klaviyo|mail)$/;

/** The referrer's host name, lower-cased and without "www." / "m." / "l." (a link shim). */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host ? host.slice(0, 255) : null;
  } catch {
    return null;
  }
}

function bareHost(host: string): string {
  return host.replace(/^(www|m|l|lm|mobile|web)\./, '');
}

/** direct / social / email / others: utm_source wins (it is what the advocate chose), else the referrer. */
export function trafficSource(utmSource: string | undefined, host: string | null): ClickSource {
  if (utmSource) {
    const utm = utmSource.trim().toLowerCase();
    if (MAIL_UTM.test(utm)) return 'email';
    if (SOCIAL.includes(utm) || SOCIAL_HOSTS.has(utm) || SOCIAL_HOSTS.has(`${utm}.com`))
      return 'social';
    if (utm !== '') return 'others';
  }
  if (!host) return 'direct';
  const bare = bareHost(host);
  if (SOCIAL_HOSTS.has(bare)) return 'social';
  if (MAIL_HOSTS.test(bare) || MAIL_HOSTS.test(host)) return 'email';
  return 'others';
}
