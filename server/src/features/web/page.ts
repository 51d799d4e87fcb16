// The shell's page as served: the built index.html plus what only the server knows per request,
// where the remotes live. The manifest is written into the page as a JSON data block, so the
// shell needs no /remotes.json round trip before it can load an area; and the page's own area
// (the remote that will draw /auth/login, say) is announced in the head — a preconnect to its
// origin for the chunks it loads later and a preload of its remoteEntry.js — so the browser
// fetches the remote while the shell's own scripts download, not after them.
import REMOTES from 'contract/remotes.json' with { type: 'json' };
import { firstPaintFor, type FirstPaint } from './first-paint.js';

/** The id of the JSON data block the shell reads its manifest from. */
export const MANIFEST_ELEMENT_ID = 'remotes-manifest';

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const escapeText = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that cannot end its <script> element early (no "</script>" or "<!--" inside). */
const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The remote whose route prefix owns `pathname` (`/auth` owns `/auth` and `/auth/login`). */
export function remoteForPath(pathname: string): string | undefined {
  return REMOTES.find(
    (remote) => pathname === remote.routePrefix || pathname.startsWith(`${remote.routePrefix}/`),
  )?.name;
}

/**
 * `html` with the manifest and the page's remote hints inserted before </head>, and the page's
 * first paint (see first-paint.ts) first in <body>. `pageOrigin` is the origin the page is
 * served from: a remote on the same origin needs no preconnect. Entries that are not absolute
 * http(s) URLs get no hints (the shell reports them when it loads). `consented`: the request
 * carries the cookie-consent cookie.
 */
export function renderShellPage(
  html: string,
  manifest: Record<string, string>,
  pathname: string,
  pageOrigin: string,
  consented = false,
  /** The page's own first paint, when the server drew it from data (a program page). */
  drawn?: FirstPaint | null,
): string {
  const head = [
    `<script type="application/json" id="${MANIFEST_ELEMENT_ID}">${scriptSafeJson(manifest)}</script>`,
  ];
  const remote = remoteForPath(pathname);
  const entry = remote ? manifest[remote] : undefined;
  let url: URL | null = null;
  try {
    url = entry ? new URL(entry) : null;
  } catch {
    url = null;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
    // Chunks are fetched in CORS mode (crossorigin="anonymous"), hence the attribute; the entry
    // itself is a classic script, so its preload has none (a mismatch would fetch it twice).
    if (url.origin !== pageOrigin)
      head.push(`<link rel="preconnect" href="${escapeAttribute(url.origin)}" crossorigin>`);
    head.push(`<link rel="preload" as="script" href="${escapeAttribute(url.href)}">`);
  }
  const firstPaint = drawn ?? firstPaintFor(pathname, consented);
  if (firstPaint) head.push(firstPaint.head);
  const at = html.indexOf('</head>');
  let page =
    at === -1 ? head.join('') + html : `${html.slice(0, at)}${head.join('\n')}\n${html.slice(at)}`;
  if (firstPaint?.title)
    page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(firstPaint.title)}</title>`);
  const body = firstPaint ? /<body[^>]*>/.exec(page) : null;
  if (firstPaint && body) {
    const end = body.index + body[0].length;
    page = `${page.slice(0, end)}${firstPaint.body}${page.slice(end)}`;
  }
  return page;
}
