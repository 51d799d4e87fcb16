// The page's first paint, written into the HTML so it appears before any script has run: the
// auth layout's frame with the screen's heading and intro, or the workspace's frame (sidebar,
// header) with a loading state. It lies over the React root (fixed, opaque) and the shell
// removes it once React has drawn the screen itself, so nothing below it moves when it goes.
// The styles mirror the shell's layouts and shared-ui's tokens; the texts are the screens' own.
import { createHash } from 'node:crypto';

/** The id the shell looks for to remove the frame. */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/**
 * Applies the theme the visitor chose (shared-ui keeps it in localStorage under "theme") before
 * the first paint; without a choice the styles follow the system's colour scheme.
 */
export const THEME_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}";

/** The Content-Security-Policy source that admits THEME_SCRIPT and nothing else inline. */
export const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

/** Heading, intro and top-bar prompt of each auth screen, as the screens write them. */
const AUTH_SCREENS: Record<string, { title: string; intro?: string; prompt?: [string, string] }> = {
  '/auth/login': {
    title: 'Sign in to your account',
    intro: 'Welcome back! Enter your details to continue.',
    prompt: ["Don't have an account?", 'Sign Up'],
  },
  '/auth/signup': {
    title: 'Sign up to join the product',
    intro: 'Signing up is easy, fast and free. Create your account to get started.',
    prompt: ['Already have an account?', 'Log In'],
  },
};

/** Workspace areas whose pages draw inside the signed-in layout. */
const WORKSPACE_PREFIXES = ['/brand', '/advocate', '/user'];

const LIGHT = `--bg:#f6f6fa;--surface:#fff;--surface-alt:#f0f0f6;--text:#17171f;--muted:#5c5c6e;--border:#e2e2ea;--primary:#5b4ee0;--primary-text:#fff;--logo:#17171f;--shadow-sm:0 1px 2px rgba(20,20,40,.06);--shadow-lg:0 16px 40px rgba(20,20,40,.18);color-scheme:light`;
const DARK = `--bg:#0d0d13;--surface:#15151d;--surface-alt:#1d1d28;--text:#ececf3;--muted:#a3a3b8;--border:#2a2a38;--primary:#8f84f8;--primary-text:#0d0d13;--logo:#f4f3ff;--shadow-sm:0 1px 2px rgba(0,0,0,.4);--shadow-lg:0 16px 40px rgba(0,0,0,.6);color-scheme:dark`;

// Breakpoints as the theme's: mobile ≤ 640 px, tablet ≤ 960 px.
export const STYLE = `
:root{${LIGHT}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}}}
:root[data-theme=dark]{${DARK}}
body{margin:0;background:var(--bg);color:var(--text);font-family:Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:14px;line-height:1.5;-webkit-font-smoothing:antialiased;font-feature-settings:'cv11','ss01'}
#first-paint{position:fixed;inset:0;z-index:2147483000;overflow:hidden;background:var(--bg)}
#first-paint *{box-sizing:border-box}
#first-paint p{margin:0}
.fp-logo{display:inline-flex;align-items:center;gap:10px;color:var(--logo);font-size:19px;font-weight:700;letter-spacing:-.02em;line-height:1;white-space:nowrap}
.fp-logo svg{display:block}
.fp-auth{display:grid;grid-template-columns:1fr 2fr;min-height:100vh}
.fp-panel{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:40px;padding:40px 32px;background:var(--surface-alt);border-right:1px solid var(--border)}
.fp-panel>span{align-self:flex-start}
.fp-figure{width:100%;max-width:360px}
.fp-banner{aspect-ratio:1;border-radius:24px;box-shadow:var(--shadow-lg);background:var(--surface)}
.fp-dots{display:flex;justify-content:center;gap:6px;margin-top:16px}
.fp-dots i{width:8px;height:8px;border-radius:50%;background:var(--muted)}
.fp-dots i:first-child{width:20px;border-radius:4px;background:var(--primary)}
.fp-form{position:relative;display:flex;flex-direction:column;min-height:100%;overflow:hidden}
.fp-top{display:flex;justify-content:flex-end;align-items:center;gap:16px;padding:20px 32px;color:var(--muted)}
.fp-top b{color:var(--primary);font-weight:600}
.fp-toggle{width:36px;height:36px;border:1px solid var(--border);border-radius:8px;background:var(--surface)}
.fp-slot{flex:1;display:flex;justify-content:center;padding:16px 32px 120px}
.fp-slot>div{width:100%;max-width:460px;display:grid;gap:8px;margin-bottom:24px;align-content:start}
.fp-title{font-size:28px;font-weight:600;letter-spacing:-.01em;line-height:1.25}
.fp-muted{color:var(--muted)}
.fp-wave{position:absolute;left:0;right:0;bottom:0;width:100%;height:96px;fill:#6d5dfc}
.fp-cookies{position:fixed;left:16px;right:16px;bottom:16px;z-index:50;max-width:720px;margin:0 auto;display:flex;align-items:center;gap:16px;padding:14px 18px;border-radius:12px;border:1px solid var(--border);background:var(--surface);box-shadow:var(--shadow-lg)}
.fp-cookies p{flex:1;color:var(--muted)}
.fp-cookies div{display:flex;gap:8px;justify-content:flex-end}
.fp-cookies b{display:inline-flex;align-items:center;height:32px;padding:0 12px;border:1px solid transparent;border-radius:8px;font-size:13px;font-weight:500;line-height:1;color:var(--muted)}
.fp-cookies b:first-child{background:var(--primary);border-color:var(--primary);color:var(--primary-text);box-shadow:var(--shadow-sm)}
.fp-work{display:flex;min-height:100vh}
.fp-side{position:sticky;top:0;height:100vh;width:248px;flex:none;padding:16px 12px;background:var(--surface);border-right:1px solid var(--border)}
.fp-side>span{display:flex;min-height:40px;padding:0 4px 8px;align-items:center}
.fp-column{flex:1;min-width:0}
.fp-header{height:61px;background:var(--bg);border-bottom:1px solid var(--border)}
.fp-loading{display:grid;place-items:center;min-height:40vh}
.fp-ring{width:20px;height:20px;border:2px solid var(--muted);border-right-color:transparent;border-radius:50%;animation:fp-spin .7s linear infinite}
@keyframes fp-spin{to{transform:rotate(360deg)}}
@media (max-width:960px){.fp-auth{grid-template-columns:1fr;grid-template-rows:auto 1fr}.fp-panel{border-right:0;border-bottom:1px solid var(--border);padding:20px;gap:20px}.fp-figure{max-width:220px}.fp-side{display:none}}
@media (max-width:640px){.fp-figure{display:none}.fp-top{padding:12px 16px}.fp-slot{padding:8px 16px 96px}.fp-slot>div{margin-bottom:20px}.fp-title{font-size:20px}.fp-cookies{flex-direction:column;align-items:stretch}.fp-header{height:141px}}
@media (prefers-reduced-motion:reduce){.fp-ring{animation-duration:.01ms;animation-iteration-count:1}}
`
  .trim()
  .replace(/\n/g, '');

export const LOGO = `<span class="fp-logo"><svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><defs><linearGradient id="fp-logo" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse"><stop stop-color="#7c6ff0"/><stop offset="1" stop-color="#4f3fd1"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#fp-logo)"/><path d="M9 24 16 8l7 16" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><path d="M11.5 18.5h6.5m0 0-2.2-2.2m2.2 2.2-2.2 2.2" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg><span>Advocately</span></span>`;

const WAVE = `<svg class="fp-wave" viewBox="0 0 1200 120" preserveAspectRatio="none" aria-hidden="true"><path d="M0 80 C 200 20, 400 120, 600 70 S 1000 20, 1200 60 V120 H0z" opacity=".18"/><path d="M0 95 C 250 50, 450 130, 700 90 S 1050 60, 1200 90 V120 H0z" opacity=".28"/></svg>`;

export const COOKIES = `<div class="fp-cookies"><p>We use cookies to keep you signed in and to understand how the product is used. By continuing you agree to our use of cookies.</p><div><b>Accept</b><b>Close</b></div></div>`;

export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#39;')
    .replace(/"/g, '&quot;');

function authFrame(screen: (typeof AUTH_SCREENS)[string]): string {
  const prompt = screen.prompt
    ? `<span>${escapeHtml(screen.prompt[0])} <b>${escapeHtml(screen.prompt[1])}</b></span>`
    : '';
  const intro = screen.intro ? `<p class="fp-muted">${escapeHtml(screen.intro)}</p>` : '';
  return (
    `<div class="fp-auth"><div class="fp-panel"><span>${LOGO}</span>` +
    `<div class="fp-figure"><div class="fp-banner"></div><div class="fp-dots"><i></i><i></i><i></i></div></div></div>` +
    `<div class="fp-form"><div class="fp-top">${prompt}<span class="fp-toggle"></span></div>` +
    `<div class="fp-slot"><div><p class="fp-title">${escapeHtml(screen.title)}</p>${intro}</div></div>${WAVE}</div></div>`
  );
}

const WORKSPACE_FRAME =
  `<div class="fp-work"><div class="fp-side"><span>${LOGO}</span></div>` +
  `<div class="fp-column"><div class="fp-header"></div><div class="fp-loading"><span class="fp-ring"></span></div></div></div>`;

export interface FirstPaint {
  /** Goes into <head>: the styles and the theme script. */
  head: string;
  /** Goes first in <body>: the frame itself. */
  body: string;
  /** Replaces the page's <title> (a page about one thing, e.g. a program page). */
  title?: string;
}

/**
 * The first paint of the page at `pathname`, or null for pages that have none (the landing
 * page, unknown paths). `consented`: the visitor has the cookie-consent cookie, so the shell
 * will not show its cookie notice and neither does the frame.
 */
export function firstPaintFor(pathname: string, consented: boolean): FirstPaint | null {
  const path = pathname.replace(/\/+$/, '');
  const auth = AUTH_SCREENS[path];
  const workspace = WORKSPACE_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
  if (!auth && !workspace) return null;
  const frame = auth ? authFrame(auth) : WORKSPACE_FRAME;
  return {
    head: `<style>${STYLE}</style><script>${THEME_SCRIPT}</script>`,
    body: `<div id="${FIRST_PAINT_ELEMENT_ID}" aria-hidden="true">${frame}${consented ? '' : COOKIES}</div>`,
  };
}
