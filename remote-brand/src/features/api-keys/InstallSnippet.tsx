import styled from 'styled-components';
import { CodeBlock, Text, smallCaps, Panel, splitRow } from 'shared-ui';
import { CopyButton } from 'shared-ui/workspace';

/** Where the product serves the page script and the API, as merchants must write it. */
function productOrigin(): string {
  return window.location.origin;
}

function scriptTag(publishableKey: string): string {
  return `<script src="${productOrigin()}/sdk/v1.js" data-key="${publishableKey}" async></script>`;
}

/**
 * The call a shop's order confirmation page makes (sdk README: the browser script). The script tag
 * above loads with async, so the call waits for it; the value may be at most the product's price ×
 * quantity with a publishable key.
 */
function confirmationSnippet(): string {
  return [
    '<script>',
    '  // On the order confirmation page, once per order:',
    "  window.addEventListener('load', () =>",
    '    Advocately.trackConversion({',
    "      conversionRef: 'order-10045', // your order id, unique per order",
    '      value: 59.9, // the order total',
    "      currency: 'EUR',",
    '      productId: 12, // the product sold (its id here, or your source product id)',
    '      quantity: 2, // units of it: the value may be up to price × quantity',
    '    }),',
    '  );',
    '</script>',
  ].join('\n');
}

/**
 * The client is this product's own sdk workspace (package "sdk"), not published to the npm
 * registry: `npm install sdk` would fetch an unrelated package, so the snippet says where it is.
 */
export const SDK_INSTALL =
  '# The client is the sdk folder of this product\'s repository (package "sdk", not on npm):\n' +
  'npm install ./path/to/advocately/sdk';

function serverSnippet(brandId: number): string {
  return [
    "import { createTrackingClient } from 'sdk';",
    '',
    'const tracking = createTrackingClient({',
    `  baseUrl: '${productOrigin()}',`,
    '  credential: process.env.ADVOCATELY_SECRET_KEY, // sk_live_…',
    `  brandId: ${brandId},`,
    '});',
    '',
    '// After a purchase: the share code and click id your checkout kept from the landing URL.',
    'await tracking.trackConversion({ conversionRef: order.id, value: order.total, via, clickId });',
  ].join('\n');
}

/**
 * How to install tracking with these keys (the sdk README in short). The script tag shows a
 * publishable key when the page knows one in full (just created), else a placeholder.
 */
export function InstallSnippet({
  brandId,
  publishableKey,
}: {
  brandId: number;
  publishableKey: string | null;
}) {
  const tag = scriptTag(publishableKey ?? 'pk_live_…');
  const server = serverSnippet(brandId);
  const confirmation = confirmationSnippet();
  return (
    <Panel title="Install tracking" gap={3}>
      <Text size="sm" muted>
        1. On every page a share link can land on, and on your order confirmation page:
      </Text>
      <Snippet code={tag} label="Script tag" />
      <Text size="sm" muted>
        2. On the order confirmation page, report the purchase:
      </Text>
      <Snippet code={confirmation} label="Confirmation page" />
      <Text size="sm" muted>
        Or report purchases from your server with a secret key. Install the client first:
      </Text>
      <Snippet code={SDK_INSTALL} label="Install the server client" />
      <Snippet code={server} label="Server code" />
    </Panel>
  );
}

function Snippet({ code, label }: { code: string; label: string }) {
  return (
    <div>
      <SnippetHead>
        <span>{label}</span>
        <CopyButton text={code} />
      </SnippetHead>
      <Pre aria-label={label} tabIndex={0}>
        <code>{code}</code>
      </Pre>
    </div>
  );
}

const SnippetHead = styled.div`
  ${splitRow(0, 2)}
  margin-bottom: ${({ theme }) => theme.spacing(1.5)};
  ${smallCaps}
`;

const Pre = styled(CodeBlock)`
  padding: ${({ theme }) => theme.spacing(4)};
  line-height: 1.6;
`;
