import styled from 'styled-components';
import {
  Badge,
  Card,
  CodeBlock,
  EmptyState,
  ErrorBanner,
  Heading,
  smallCaps,
  splitRow,
} from 'shared-ui';
import { ACTION_TITLES } from './testerForm';
import type { TesterResult } from './useTesterActions';

/** The last call: what was sent and what came back, raw, as a developer needs to see it. */
export function ResultPanel({ result }: { result: TesterResult | null }) {
  return (
    <Card as="section" aria-labelledby="result-heading">
      <Top>
        <Heading level={2} size="lg" id="result-heading">
          Result
        </Heading>
        {result && (
          <Badge tone={result.kind === 'ok' ? 'success' : 'danger'}>
            {ACTION_TITLES[result.action]}
          </Badge>
        )}
      </Top>
      {!result && <EmptyState icon={null} text="Run a call to see its request and reply." />}
      {result?.kind === 'invalid' && <ErrorBanner message={result.message} />}
      {result?.kind === 'ok' && (
        <>
          <Json label="Request" value={result.request} />
          <Json label="Reply" value={result.reply} />
        </>
      )}
      {result?.kind === 'error' && (
        <>
          <Json label="Request" value={result.request} />
          <Json label="Error" value={result.error} />
        </>
      )}
    </Card>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <Block>
      <Caption>{label}</Caption>
      <Pre aria-label={label} tabIndex={0}>
        {JSON.stringify(value, null, 2)}
      </Pre>
    </Block>
  );
}

const Top = styled.div`
  ${splitRow(0, 2)}
  margin-bottom: ${({ theme }) => theme.spacing(3)};
`;

const Block = styled.div`
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

const Caption = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing(1)};
  ${smallCaps}
`;

const Pre = styled(CodeBlock)`
  max-height: 420px;
  overflow: auto;
`;
