import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Box } from '../../forms/primitives/Checkbox';
import { Pagination } from '../Pagination/Pagination';
import { Spinner, VisuallyHidden, smallCaps } from 'shared-ui';
import { compareSortValues, type SortDirection, type SortValue } from './sort';

export type RowId = string | number;

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  /** Cell content. Defaults to `row[key]` when that is a string or number. */
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  /** What to sort by. Defaults to `row[key]`. */
  sortValue?: (row: T) => SortValue;
  align?: 'left' | 'center' | 'right';
  /** CSS width, e.g. '120px' or '20%'. */
  width?: string;
  /** Names the cell in the phone layout. Defaults to `header` when that is a string. */
  label?: string;
  /**
   * The row's buttons. This column never wraps, stays pinned to the right edge while a wide
   * table scrolls sideways (a laptop never loses View or Edit), and on phones closes each card.
   */
  actions?: boolean;
}

export interface TableSort {
  key: string;
  direction: SortDirection;
}

/**
 * A right-aligned column of figures (counts, amounts, percentages): `render` draws the figure;
 * `options` adds sorting, a sort value or a phone label.
 */
export function figureColumn<T>(
  key: string,
  header: string,
  render: (row: T) => ReactNode,
  options: Pick<TableColumn<T>, 'sortable' | 'sortValue' | 'label' | 'width'> = {},
): TableColumn<T> {
  return { key, header, align: 'right', render, ...options };
}

/** The row's buttons, last: a column named 'Actions' for screen readers only (see `actions`). */
export function actionsColumn<T>(render: (row: T) => ReactNode): TableColumn<T> {
  return {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    align: 'right',
    actions: true,
    render,
  };
}

interface TableBaseProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  /** Names the table (and its scroll region). Hidden visually unless `showCaption`. */
  caption?: ReactNode;
  showCaption?: boolean;
  /** Shown in place of rows when there are none. Default 'No data found.' */
  emptyText?: ReactNode;
  loading?: boolean;
  initialSort?: TableSort;
  /** Client-side pages of this size, with a Pagination footer. Omit when the server paginates. */
  pageSize?: number;
  /** Adds a checkbox column. Controlled with selectedIds, or left to the table. */
  selectable?: boolean;
  selectedIds?: readonly RowId[];
  onSelectionChange?: (ids: RowId[]) => void;
  /** Accessible name of a row's checkbox. Default 'Select row {id}'. */
  rowLabel?: (row: T) => string;
  /**
   * Below the mobile breakpoint: 'cards' (default) stacks each row as a card of label/value
   * lines; 'scroll' keeps the grid and scrolls it sideways.
   */
  phoneLayout?: 'cards' | 'scroll';
  className?: string;
}

/** Rows with an `id` are told apart by it unless `getRowId` says otherwise; other rows need it. */
export type TableProps<T> = TableBaseProps<T> &
  (T extends { id: RowId } ? { getRowId?: (row: T) => RowId } : { getRowId: (row: T) => RowId });

const idOf = (row: unknown): RowId => (row as { id: RowId }).id;

function cellValue<T>(row: T, key: string): unknown {
  return typeof row === 'object' && row !== null
    ? (row as Record<string, unknown>)[key]
    : undefined;
}

function defaultSortValue(value: unknown): SortValue {
  return typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value instanceof Date
    ? value
    : undefined;
}

export function Table<T>({
  columns,
  rows,
  getRowId = idOf,
  caption,
  showCaption = false,
  emptyText = 'No data found.',
  loading = false,
  initialSort,
  pageSize,
  selectable = false,
  selectedIds,
  onSelectionChange,
  rowLabel,
  phoneLayout = 'cards',
  className,
}: TableProps<T>) {
  const captionId = useId();
  const [sort, setSort] = useState<TableSort | undefined>(initialSort);
  const [page, setPage] = useState(1);
  const [ownSelection, setOwnSelection] = useState<readonly RowId[]>([]);
  const selection = selectedIds ?? ownSelection;

  const sortedRows = useMemo(() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!sort || !column) return rows;
    const valueOf = column.sortValue ?? ((row: T) => defaultSortValue(cellValue(row, column.key)));
    // Stable sort: equal values keep the order the caller gave.
    return [...rows].sort((a, b) => compareSortValues(valueOf(a), valueOf(b), sort.direction));
  }, [rows, columns, sort]);

  const pageCount = pageSize ? Math.max(1, Math.ceil(sortedRows.length / pageSize)) : 1;
  const currentPage = Math.min(page, pageCount);
  const visibleRows = pageSize
    ? sortedRows.slice((currentPage - 1) * pageSize, currentPage * pageSize)
    : sortedRows;

  const visibleIds = visibleRows.map(getRowId);
  const selectedSet = new Set(selection);
  const selectedVisible = visibleIds.filter((id) => selectedSet.has(id)).length;
  const allVisibleSelected = visibleIds.length > 0 && selectedVisible === visibleIds.length;

  const headerBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (headerBox.current)
      headerBox.current.indeterminate = selectedVisible > 0 && !allVisibleSelected;
  }, [selectedVisible, allVisibleSelected]);

  const updateSelection = (ids: RowId[]) => {
    if (selectedIds === undefined) setOwnSelection(ids);
    onSelectionChange?.(ids);
  };

  const toggleRow = (id: RowId) =>
    updateSelection(selectedSet.has(id) ? selection.filter((s) => s !== id) : [...selection, id]);

  const toggleVisible = () =>
    updateSelection(
      allVisibleSelected
        ? selection.filter((id) => !visibleIds.includes(id))
        : [...selection, ...visibleIds.filter((id) => !selectedSet.has(id))],
    );

  const toggleSort = (key: string) => {
    setSort((current) =>
      current?.key === key && current.direction === 'ascending'
        ? { key, direction: 'descending' }
        : { key, direction: 'ascending' },
    );
    setPage(1);
  };

  const columnCount = columns.length + (selectable ? 1 : 0);

  return (
    <div className={className}>
      {/* Scrolls sideways on narrow screens; focusable (when named) so keyboard users can scroll it too. */}
      <Scroll {...(caption ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}>
        <StyledTable
          aria-busy={loading || undefined}
          data-cards={phoneLayout === 'cards' || undefined}
        >
          {caption && (
            <Caption id={captionId} $visible={showCaption}>
              {caption}
            </Caption>
          )}
          <thead>
            <tr>
              {selectable && (
                <Th scope="col" $align="center" style={{ width: 44 }}>
                  <Box
                    ref={headerBox}
                    type="checkbox"
                    aria-label="Select all rows"
                    checked={allVisibleSelected}
                    disabled={visibleIds.length === 0}
                    onChange={toggleVisible}
                  />
                </Th>
              )}
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : undefined;
                const SortIcon =
                  direction === 'ascending'
                    ? ArrowUp
                    : direction === 'descending'
                      ? ArrowDown
                      : ChevronsUpDown;
                return (
                  <Th
                    key={column.key}
                    scope="col"
                    $align={column.align ?? 'left'}
                    data-actions={column.actions || undefined}
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={column.sortable ? (direction ?? 'none') : undefined}
                  >
                    {column.sortable ? (
                      <SortButton
                        type="button"
                        onClick={() => toggleSort(column.key)}
                        $active={Boolean(direction)}
                      >
                        {column.header}
                        <SortIcon aria-hidden="true" />
                      </SortButton>
                    ) : (
                      column.header
                    )}
                  </Th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <StateCell colSpan={columnCount}>
                  <Spinner />
                </StateCell>
              </tr>
            ) : visibleRows.length === 0 ? (
              <tr>
                <StateCell colSpan={columnCount}>{emptyText}</StateCell>
              </tr>
            ) : (
              visibleRows.map((row) => {
                const id = getRowId(row);
                const selected = selectedSet.has(id);
                return (
                  <Tr key={id} data-selected={selected || undefined}>
                    {selectable && (
                      <Td $align="center" data-label="">
                        <Box
                          type="checkbox"
                          aria-label={rowLabel ? rowLabel(row) : `Select row ${id}`}
                          checked={selected}
                          onChange={() => toggleRow(id)}
                        />
                      </Td>
                    )}
                    {columns.map((column) => (
                      <Td
                        key={column.key}
                        $align={column.align ?? 'left'}
                        data-label={columnLabel(column)}
                        data-actions={column.actions || undefined}
                      >
                        {column.actions ? (
                          column.render?.(row)
                        ) : (
                          <CellValue>
                            {column.render
                              ? column.render(row)
                              : renderDefault(cellValue(row, column.key))}
                          </CellValue>
                        )}
                      </Td>
                    ))}
                  </Tr>
                );
              })
            )}
          </tbody>
        </StyledTable>
      </Scroll>
      {pageSize !== undefined && !loading && sortedRows.length > pageSize && (
        <Pagination
          page={currentPage}
          total={sortedRows.length}
          perPage={pageSize}
          onPageChange={setPage}
        />
      )}
    </div>
  );
}

function columnLabel<T>(column: TableColumn<T>): string {
  if (column.actions) return '';
  return column.label ?? (typeof column.header === 'string' ? column.header : '');
}

function renderDefault(value: unknown): ReactNode {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

type Align = 'left' | 'center' | 'right';

const Scroll = styled.div`
  /* Contains absolutely positioned (visually hidden) header text, which would otherwise widen
     the page beyond a phone's screen. */
  position: relative;
  overflow-x: auto;
  -webkit-overflow-scrolling: touch;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  &:focus-visible {
    outline-offset: 2px;
  }
`;

/*
 * A cell's content as one box. In a table it adds nothing (display: contents); in a phone's card,
 * where the cell is a "label value" grid, it keeps text and a block beside it (a second amount
 * under the first, say) together in the value column instead of wrapping under the label.
 */
const CellValue = styled.div`
  display: contents;
`;

/*
 * Text cells wrap when the table is wider than its box (a description takes two lines rather
 * than pushing the buttons out of view); numbers, badges and buttons (right- or centre-aligned
 * cells, the actions column) keep to one line. What still does not fit scrolls, with the
 * actions column pinned.
 */
const StyledTable = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};

  /* Phones: each row a card of "label value" lines, its buttons at the foot. */
  ${({ theme }) => theme.media.mobile} {
    &[data-cards] {
      display: block;

      thead {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
        white-space: nowrap;
      }

      tbody,
      tr {
        display: block;
      }

      tr:not(:last-child) {
        border-bottom: 1px solid ${({ theme }) => theme.colors.border};
      }

      tr:not(:last-child) td {
        border-bottom: 0;
      }

      td {
        display: grid;
        grid-template-columns: minmax(88px, 2fr) minmax(0, 3fr);
        justify-items: start;
        gap: ${({ theme }) => theme.spacing(3)};
        align-items: center;
        padding: ${({ theme }) => `${theme.spacing(1.5)} ${theme.spacing(4)}`};
        text-align: left;
        white-space: normal;
        overflow-wrap: anywhere;
      }

      td:first-child {
        padding-top: ${({ theme }) => theme.spacing(3)};
      }

      td:last-child {
        padding-bottom: ${({ theme }) => theme.spacing(3)};
      }

      td::before {
        content: attr(data-label);
        ${smallCaps}
      }

      td > ${CellValue} {
        display: block;
        min-width: 0;
      }

      td[data-label=''] {
        grid-template-columns: minmax(0, 1fr);
      }

      td[data-label='']::before {
        display: none;
      }

      td[data-actions] {
        position: static;
        /* Unpinned in a card, so no edge line between it and the cells it covered. */
        box-shadow: none;
        display: flex;
        justify-content: flex-end;
        padding-top: ${({ theme }) => theme.spacing(2)};
      }

      td[colspan] {
        display: block;
        text-align: center;
      }

      td[colspan]::before {
        display: none;
      }
    }
  }
`;

const Caption = styled.caption<{ $visible: boolean }>`
  padding: ${({ theme }) => `${theme.spacing(4)} ${theme.spacing(4)} ${theme.spacing(2)}`};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: left;

  ${({ $visible }) =>
    !$visible &&
    `position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;`}
`;

const Th = styled.th<{ $align: Align }>`
  padding: ${({ theme }) => `${theme.spacing(2.5)} ${theme.spacing(4)}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  ${smallCaps}
  text-align: ${({ $align }) => $align};
  white-space: nowrap;

  &[data-actions] {
    position: sticky;
    right: 0;
    z-index: 1;
    box-shadow: inset 1px 0 0 ${({ theme }) => theme.colors.border};
  }
`;

const SortButton = styled.button<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme, $active }) => ($active ? theme.colors.text : 'inherit')};
  font: inherit;
  letter-spacing: inherit;
  text-transform: inherit;
  cursor: pointer;

  svg {
    width: 14px;
    height: 14px;
    opacity: ${({ $active }) => ($active ? 1 : 0.5)};
  }
`;

const Tr = styled.tr`
  &:not(:last-child) td {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  &:hover td {
    background: color-mix(in srgb, ${({ theme }) => theme.colors.surfaceAlt} 60%, transparent);
  }

  &[data-selected='true'] td {
    background: color-mix(in srgb, ${({ theme }) => theme.colors.primary} 8%, transparent);
  }

  /* The pinned cell covers the cells scrolling under it, so its tints are opaque. */
  &:hover td[data-actions] {
    background: color-mix(
      in srgb,
      ${({ theme }) => theme.colors.surfaceAlt} 60%,
      ${({ theme }) => theme.colors.surface}
    );
  }

  &[data-selected='true'] td[data-actions] {
    background: color-mix(
      in srgb,
      ${({ theme }) => theme.colors.primary} 8%,
      ${({ theme }) => theme.colors.surface}
    );
  }
`;

const Td = styled.td<{ $align: Align }>`
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(4)}`};
  color: ${({ theme }) => theme.colors.text};
  text-align: ${({ $align }) => $align};
  vertical-align: middle;
  font-variant-numeric: tabular-nums;
  white-space: ${({ $align }) => ($align === 'left' ? 'normal' : 'nowrap')};

  &[data-actions] {
    position: sticky;
    right: 0;
    z-index: 1;
    white-space: nowrap;
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: inset 1px 0 0 ${({ theme }) => theme.colors.border};
  }
`;

const StateCell = styled.td`
  padding: ${({ theme }) => `${theme.spacing(10)} ${theme.spacing(4)}`};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;
