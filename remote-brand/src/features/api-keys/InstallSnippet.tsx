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
  return (
    <Panel title="Install tracking" gap={3}>
      <Text size="sm" muted>
        1. On every page a share link can land on, and on your order confirmation page:
      </Text>
      <Snippet code={tag} label="Script tag" />
      <Text size="sm" muted>
        2. Or report purchases from your server with a secret key:
      </Text>
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
