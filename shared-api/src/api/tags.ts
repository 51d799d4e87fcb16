import type { TagType } from './api';

/** The tag every list of a type provides: a create or delete invalidates it, refetching them all. */
export const listTag = <T extends TagType>(type: T) => ({ type, id: 'LIST' as const });

/**
 * What a fetched list provides: each item's own tag and the list's, so an edit of one item
 * (which invalidates that item's tag) also refetches the lists showing it.
 */
export const itemAndListTags =
  <T extends TagType>(type: T) =>
  (items: readonly { id: number }[] = []) => [
    ...items.map(({ id }) => ({ type, id })),
    listTag(type),
  ];
