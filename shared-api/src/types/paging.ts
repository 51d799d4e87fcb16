/** Pagination meta of list replies. Some replies also carry `count`. */
export interface PagedMeta {
  total: number;
  page: number;
  pages: number;
  count?: number;
}

/** The common list envelope: `{ data, meta }`. */
export interface Paged<T> {
  data: T[];
  meta: PagedMeta;
}
