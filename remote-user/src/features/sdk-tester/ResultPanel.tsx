import styled from 'styled-components';
import { Badge, Card, EmptyState, ErrorBanner, Heading } from 'shared-ui';
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
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-bottom: ${({ theme }) => theme.spacing(3)};
`;

const Block = styled.div`
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

const Caption = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing(1)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const Pre = styled.pre`
  max-height: 420px;
  margin: 0;
  padding: ${({ theme }) => theme.spacing(3)};
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
