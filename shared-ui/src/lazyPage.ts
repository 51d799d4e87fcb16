import { lazy, type ComponentType } from 'react';

/** A route's screen, a named export loaded on first visit, so a remote's first chunk stays small. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
