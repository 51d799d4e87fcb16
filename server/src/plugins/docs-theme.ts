// The API reference at /api/docs in the product's colours: shared-ui's light and dark tokens,
// and the theme the visitor chose in the product (stored under 'theme'), else their system's.
// Swagger UI takes them as a stylesheet and a script of its own (its `theme` option).

/** shared-ui's theme tokens (shared-ui/src/theme/tokens.ts), as the docs page needs them. */
const TOKENS = {
  light: {
    bg: '#f6f6fa',
    surface: '#ffffff',
    surfaceAlt: '#f0f0f6',
    text: '#17171f',
    textMuted: '#5c5c6e',
    border: '#e2e2ea',
    primary: '#5b4ee0',
    primaryText: '#ffffff',
  },
  dark: {
    bg: '#0d0d13',
    surface: '#15151d',
    surfaceAlt: '#1d1d28',
    text: '#ececf3',
    textMuted: '#a3a3b8',
    border: '#2a2a38',
    primary: '#8f84f8',
    primaryText: '#0d0d13',
  },
} as const;

const variables = (tokens: Record<string, string>) =>
  Object.entries(tokens)
    .map(
      ([name, value]) => `--adv-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value};`,
    )
    .join(' ');

/** The stylesheet: tokens as variables, dark under html[data-theme='dark']. */
export const DOCS_CSS = `
:root { ${variables(TOKENS.light)} color-scheme: light; }
html[data-theme='dark'] { ${variables(TOKENS.dark)} color-scheme: dark; }
html { background: var(--adv-bg); }
body { margin: 0; background: var(--adv-bg); color: var(--adv-text);
  font-family: Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
.swagger-ui .topbar { background: var(--adv-surface); border-bottom: 1px solid var(--adv-border); padding: 8px 0; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .topbar a, .swagger-ui .topbar .link { color: var(--adv-text); }
.swagger-ui .topbar .link svg { display: none; }
.swagger-ui .topbar .link::after { content: 'Advocately API'; font-weight: 600; font-size: 18px; }
.swagger-ui, .swagger-ui .info .title, .swagger-ui .info p, .swagger-ui .info li, .swagger-ui .opblock-tag,
.swagger-ui .opblock .opblock-summary-description, .swagger-ui .opblock .opblock-summary-path,
.swagger-ui .opblock-description-wrapper p, .swagger-ui .parameter__name, .swagger-ui .parameter__type,
.swagger-ui table thead tr th, .swagger-ui table thead tr td, .swagger-ui .response-col_status,
.swagger-ui .response-col_description, .swagger-ui .tab li, .swagger-ui .model, .swagger-ui .model-title,
.swagger-ui section.models h4, .swagger-ui .opblock-section-header h4, .swagger-ui label,
.swagger-ui .btn, .swagger-ui .scheme-container .schemes > label { color: var(--adv-text); }
.swagger-ui .info a, .swagger-ui a.nostyle, .swagger-ui .info .link { color: var(--adv-primary); }
.swagger-ui .scheme-container, .swagger-ui section.models, .swagger-ui .opblock .opblock-section-header,
.swagger-ui .model-box, .swagger-ui .dialog-ux .modal-ux { background: var(--adv-surface);
  border-color: var(--adv-border); box-shadow: none; }
.swagger-ui .opblock { background: var(--adv-surface); border-color: var(--adv-border); box-shadow: none; }
.swagger-ui .opblock-tag { border-bottom-color: var(--adv-border); }
.swagger-ui .btn.authorize, .swagger-ui .btn.execute { background: var(--adv-primary); color: var(--adv-primary-text);
  border-color: var(--adv-primary); }
.swagger-ui .btn.authorize svg { fill: var(--adv-primary-text); }
.swagger-ui input[type=text], .swagger-ui input[type=password], .swagger-ui input[type=search],
.swagger-ui textarea, .swagger-ui select { background: var(--adv-surface-alt); color: var(--adv-text);
  border: 1px solid var(--adv-border); }
.swagger-ui .opblock-body pre.microlight, .swagger-ui .highlight-code > .microlight { background: var(--adv-surface-alt) !important;
  color: var(--adv-text); }
.swagger-ui svg:not(:root) { fill: currentColor; }
.swagger-ui .prop-type, .swagger-ui .parameter__in, .swagger-ui .renderedMarkdown p { color: var(--adv-text-muted); }
`;

/**
 * The theme the product would show: the stored choice, else the system's, kept in step when the
 * system's changes (as the product's own pages do).
 */
export const DOCS_THEME_SCRIPT = `(function () {
  var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function apply() {
    var stored = null;
    try { stored = window.localStorage.getItem('theme'); } catch (e) { stored = null; }
    var mode = stored === 'dark' || stored === 'light' ? stored : media && media.matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-theme', mode);
  }
  apply();
  if (media && media.addEventListener) media.addEventListener('change', apply);
  window.addEventListener('storage', apply);
})();`;

/** Swagger UI's `theme` option. */
export const docsTheme = {
  title: 'Advocately API',
  css: [{ filename: 'advocately.css', content: DOCS_CSS }],
  js: [{ filename: 'advocately-theme.js', content: DOCS_THEME_SCRIPT }],
};
