import { useEffect, useState, type ReactNode } from 'react';
import { bootstrapSession, useAppDispatch } from 'shared-api';
import { PageSpinner } from './PageSpinner';

/**
 * Restores the session (cookie token or refresh) before any route decides where the user
 * belongs, so guards never bounce a signed-in user to the login page on reload.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let active = true;
    dispatch(bootstrapSession()).finally(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, [dispatch]);

  if (!ready) return <PageSpinner />;
  return <>{children}</>;
}
