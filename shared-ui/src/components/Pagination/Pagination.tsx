import { ChevronLeft, ChevronRight } from 'lucide-react';
import styled from 'styled-components';
import { wrappingRow } from '../Layout/wrappingRow';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  /** Page count. Derived from total and perPage when omitted. */
  pages?: number;
  /** Result count; also shows 'Showing x–y of n Results'. */
  total?: number;
  /** Default 10. */
  perPage?: number;
  className?: string;
}

/** The paging part of a server-paged reply. */
export interface PageMeta {
  page: number;
  pages: number;
  total: number;
}

export interface ReplyPaginationProps extends Pick<PaginationProps, 'onPageChange' | 'className'> {
  /** The reply's paging; undefined while it loads. */
  meta: PageMeta | undefined;
  perPage: number;
}

/** Pagination under a server-paged table: drawn only once the reply has more than one page. */
export function ReplyPagination({ meta, ...rest }: ReplyPaginationProps) {
  if (!meta || meta.pages <= 1) return null;
  return <Pagination page={meta.page} pages={meta.pages} total={meta.total} {...rest} />;
}

type PageItem = number | 'gap';

/** First, last, and the current page with a neighbour each side; gaps between. */
export function pageItems(page: number, pages: number): PageItem[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push('gap');
    items.push(p);
  });
  return items;
}

export function Pagination({
  page,
  onPageChange,
  pages,
  total,
  perPage = 10,
  className,
}: PaginationProps) {
  const pageCount = Math.max(1, pages ?? Math.ceil((total ?? 0) / perPage));
  const current = Math.min(Math.max(1, page), pageCount);
  const first = total ? (current - 1) * perPage + 1 : 0;
  const last = total ? Math.min(current * perPage, total) : 0;

  return (
    <Root className={className}>
      {total !== undefined && (
        <Summary>
          Showing {first}–{last} of {total} Results
        </Summary>
      )}
      <Nav aria-label="Pagination">
        <PageButton
          type="button"
          aria-label="Previous page"
          disabled={current <= 1}
          onClick={() => onPageChange(current - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          <span aria-hidden="true">Previous</span>
        </PageButton>
        <Pages>
          {pageItems(current, pageCount).map((item, i) =>
            item === 'gap' ? (
              <Gap key={`gap-${i}`} aria-hidden="true">
                …
              </Gap>
            ) : (
              <PageButton
                key={item}
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </PageButton>
            ),
          )}
        </Pages>
        <PageButton
          type="button"
          aria-label="Next page"
          disabled={current >= pageCount}
          onClick={() => onPageChange(current + 1)}
        >
          <span aria-hidden="true">Next</span>
          <ChevronRight aria-hidden="true" />
        </PageButton>
      </Nav>
    </Root>
  );
}

const Root = styled.div`
  ${wrappingRow('space-between', 3)}
  padding: ${({ theme }) => `${theme.spacing(3)} 0`};
`;

const Summary = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-left: auto;
`;

const Pages = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(1)};

  ${({ theme }) => theme.media.mobile} {
    display: none;
  }
`;

const PageButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing(1)};
  min-width: 32px;
  height: 32px;
  padding: 0 ${({ theme }) => theme.spacing(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  cursor: pointer;

  svg {
    width: 16px;
    height: 16px;
  }

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }

  &[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

const Gap = styled.span`
  display: inline-flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.spacing(1)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
