// The program page's first paint, drawn by the server from the page's data: the brand's logo,
// name and description and its open campaigns with what each pays, plus the title, description
// and Open Graph tags a search engine or a link preview reads. Like the other first paints it
// lies over the React root until the shell's page (with Apply) has drawn its heading.
import { PATTERNS, type ProgramPageReply } from 'contract';
import {
  COOKIES,
  escapeHtml,
  FIRST_PAINT_ELEMENT_ID,
  LOGO,
  STYLE,
  THEME_SCRIPT,
  type FirstPaint,
} from '../web/first-paint.js';

const SLUG = new RegExp(PATTERNS.slug);

/** The slug of a program page's path (/programs/{slug}), or null for any other path. */
export function programSlugOf(pathname: string): string | null {
  const match = /^\/programs\/([^/]+)\/?$/.exec(pathname);
  return match && SLUG.test(match[1]) ? match[1] : null;
}

const JOIN_LABELS = { open: 'Open', application: 'Apply', invite_only: 'Invite only' } as const;

// Mirrors the program page's layout (remote-auth ProgramPage): a top bar, then one column.
const PROGRAM_STYLE = `
.fp-program{min-height:100vh;display:flex;flex-direction:column}
.fp-program header{display:flex;justify-content:space-between;align-items:center;padding:20px 32px}
.fp-program main{width:100%;max-width:880px;margin:0 auto;padding:16px 32px 64px;display:grid;gap:24px}
.fp-brand{display:flex;gap:16px;align-items:center}
.fp-brand img{width:64px;height:64px;border-radius:12px;object-fit:cover;border:1px solid var(--border);background:var(--surface)}
.fp-program h1{margin:0;font-size:28px;line-height:1.25;font-weight:600;overflow-wrap:anywhere}
.fp-program ul{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.fp-program li{padding:16px;border:1px solid var(--border);border-radius:12px;background:var(--surface);display:grid;gap:4px}
.fp-program li b{font-size:16px;overflow-wrap:anywhere}
.fp-pay{color:var(--primary);font-weight:600}
.fp-program h2{margin:0;font-size:18px}
@media (max-width:640px){.fp-program header{padding:12px 16px}.fp-program main{padding:8px 16px 48px}.fp-program h1{font-size:22px}}
`
  .trim()
  .replace(/\n/g, '');

const attribute = (value: string) => escapeHtml(value);

/** A sentence of the description for the meta tags (at most 200 characters). */
function summary(page: ProgramPageReply): string {
  const text = page.brand.description?.trim().replace(/\s+/g, ' ');
  const fallback = `Join the ${page.brand.name} partner program: ${page.campaigns.length} open campaign${page.campaigns.length === 1 ? '' : 's'}.`;
  const chosen = text || fallback;
  return chosen.length > 200 ? `${chosen.slice(0, 197)}…` : chosen;
}

export function programFirstPaint(
  page: ProgramPageReply,
  publicUrl: string,
  consented: boolean,
): FirstPaint {
  const url = `${publicUrl.replace(/\/+$/, '')}/programs/${page.brand.slug}`;
  const title = `${page.brand.name} partner program`;
  const description = summary(page);
  const meta = [
    `<meta name="description" content="${attribute(description)}">`,
    `<link rel="canonical" href="${attribute(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${attribute(title)}">`,
    `<meta property="og:description" content="${attribute(description)}">`,
    `<meta property="og:url" content="${attribute(url)}">`,
    page.brand.logo ? `<meta property="og:image" content="${attribute(page.brand.logo)}">` : '',
    `<meta name="twitter:card" content="summary">`,
  ].join('');
  const logo = page.brand.logo ? `<img src="${attribute(page.brand.logo)}" alt="">` : '';
  const campaigns =
    page.campaigns.length === 0
      ? `<p class="fp-muted">No campaigns are open right now.</p>`
      : `<ul>${page.campaigns
          .map(
            (c) =>
              `<li><b>${escapeHtml(c.title)}</b><span class="fp-pay">${escapeHtml(c.pays)}</span>` +
              `<span class="fp-muted">${JOIN_LABELS[c.join_mode]}</span>` +
              (c.description ? `<p class="fp-muted">${escapeHtml(c.description)}</p>` : '') +
              `</li>`,
          )
          .join('')}</ul>`;
  const body =
    `<div class="fp-program"><header>${LOGO}<span class="fp-toggle"></span></header><main>` +
    `<div class="fp-brand">${logo}<div><h1>${escapeHtml(page.brand.name)}</h1>` +
    `<p class="fp-muted">Partner program</p></div></div>` +
    (page.brand.description ? `<p>${escapeHtml(page.brand.description)}</p>` : '') +
    `<h2>Open campaigns</h2>${campaigns}</main></div>`;
  return {
    title,
    head: `<style>${STYLE}${PROGRAM_STYLE}</style><script>${THEME_SCRIPT}</script>${meta}`,
    body: `<div id="${FIRST_PAINT_ELEMENT_ID}" aria-hidden="true">${body}${consented ? '' : COOKIES}</div>`,
  };
}
