import { useLocation } from 'shared-ui/router';

/**
 * An entity passed along in navigation state (the brands grid passes the brand, the
 * campaign list the campaign), so the next screen can draw at once. State survives reloads and
 * may be stale or foreign, so it is only trusted when its id matches the route's.
 */
export function useStateEntity<T extends { id: number }>(key: string, id: number | null): T | null {
  const { state } = useLocation();
  if (id === null || typeof state !== 'object' || state === null) return null;
  const entity = (state as Record<string, unknown>)[key];
  if (typeof entity !== 'object' || entity === null) return null;
  return (entity as { id?: unknown }).id === id ? (entity as T) : null;
}
