import { useCallback, useEffect, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { Button } from 'shared-ui';
import { PageSpinner } from '../app/PageSpinner';
import { AreaErrorBoundary } from './AreaErrorBoundary';
import type { AreaName } from './areas';
import { loadArea } from './remoteLoader';
import { VersionSkewError } from './versionSkew';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Area: ComponentType }
  | { status: 'failed' }
  | { status: 'skewed'; error: VersionSkewError };

type Props = {
  area: AreaName;
  /** Injectable for tests; production uses the federation runtime. */
  load?: typeof loadArea;
};

/** Renders one area's remote route tree, or a contained "unavailable" panel with Retry. */
export function RemoteArea({ area, load = loadArea }: Props) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  // Each Retry bumps the attempt; attempts after the first re-register the remote.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    load(area, { fresh: attempt > 0 }).then(
      (Area) => !cancelled && setState({ status: 'ready', Area }),
      (error: unknown) => {
        console.error(error);
        if (cancelled) return;
        setState(
          error instanceof VersionSkewError ? { status: 'skewed', error } : { status: 'failed' },
        );
      },
    );
    return () => {
      cancelled = true;
    };
  }, [area, attempt, load]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <UnavailablePanel onRetry={retry} />;
  if (state.status === 'skewed') return <SkewPanel error={state.error} />;

  const { Area } = state;
  return (
    <AreaErrorBoundary
      fallback={(reset) => (
        <UnavailablePanel
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <Area />
    </AreaErrorBoundary>
  );
}

function UnavailablePanel({ onRetry }: { onRetry: () => void }) {
  return (
    <Panel role="alert">
      <h2>This section is unavailable</h2>
      <p>It could not be loaded right now. The rest of the product still works.</p>
      <Button onClick={onRetry}>Retry</Button>
    </Panel>
  );
}

/** A remote that needs newer shared code than the page has: said plainly, never run. */
function SkewPanel({ error }: { error: VersionSkewError }) {
  return (
    <Panel role="alert">
      <h2>This section needs a newer version of the page</h2>
      <p>
        It was built for newer shared code than this page has loaded:{' '}
        {error.skew.map((s) => `${s.name} ${s.remote} (this page has ${s.page})`).join(', ')}.
        Reload the page; if this stays, the shell needs to be deployed again.
      </p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Panel>
  );
}

const Panel = styled.section`
  margin: 48px auto;
  max-width: 480px;
  padding: 32px;
  text-align: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0 0 8px;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    margin: 0 0 20px;
  }
`;
