import { useCallback } from 'react';
import { useAppDispatch } from 'shared-api';
import { obtainAccessToken } from 'shared-api/catalog';

/**
 * Whether a token is at hand for a campaign call, refreshing one if needed (the forms
 * try a refresh before giving up with 'No access token. Please log in again.').
 */
export function useHasAccessToken(): () => Promise<boolean> {
  const dispatch = useAppDispatch();
  return useCallback(async () => Boolean(await dispatch(obtainAccessToken()).unwrap()), [dispatch]);
}
