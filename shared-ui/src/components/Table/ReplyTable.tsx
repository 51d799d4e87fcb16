import type { ReactNode } from 'react';
import { ErrorBanner } from '../ErrorBanner/ErrorBanner';
import { ReplyPagination, type PageMeta } from '../Pagination/Pagination';
import { Table, type RowId, type TableColumn } from './Table';

/** A server-paged list query as RTK Query's hooks return it. */
export interface PagedQuery<T> {
  data?: { results: readonly T[]; meta: PageMeta };
  isError: boolean;
  isLoading: boolean;
  refetch: () => unknown;
}

export interface ReplyTableProps<T> {
  query: PagedQuery<T>;
  /** Said, with Retry, in place of the table when the query fails; 'Failed to load {caption}'. */
  errorMessage?: string;
  caption: string;
  columns: readonly TableColumn<T>[];
  emptyText: ReactNode;
  perPage: number;
  onPageChange: (page: number) => void;
  /** Shown under the pages while the table is (not in place of the error). */
  children?: ReactNode;
}

/**
 * One page of a server-paged list: the table of the reply's rows with the pages under it, or a
 * banner with Retry when the query fails.
 */
export function ReplyTable<T extends { id: RowId }>({
  query,
  errorMessage,
  perPage,
  onPageChange,
  children,
  ...table
}: ReplyTableProps<T>) {
  if (query.isError) {
    const message = errorMessage ?? `Failed to load ${table.caption.toLowerCase()}`;
    return <ErrorBanner message={message} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      {/* Rows with an id need no getRowId, a rule TypeScript cannot settle for a generic row. */}
      <Table<{ id: RowId }>
        {...(table as unknown as Pick<
          ReplyTableProps<{ id: RowId }>,
          'caption' | 'columns' | 'emptyText'
        >)}
        rows={query.data?.results ?? []}
        // RTK Query's isLoading: fetching with no rows yet (not while a next page replaces them).
        loading={query.isLoading}
      />
      <ReplyPagination meta={query.data?.meta} perPage={perPage} onPageChange={onPageChange} />
      {children}
    </>
  );
}
