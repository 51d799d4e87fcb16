import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../test-utils';
import { Table, actionsColumn, figureColumn, type RowId, type TableColumn } from './Table';

interface Row {
  id: number;
  name: string;
  clicks: number;
  revenue: string;
}

const rows: Row[] = [
  { id: 1, name: 'Spring Sale', clicks: 40, revenue: '120.00' },
  { id: 2, name: 'Autumn Drop', clicks: 300, revenue: '15.50' },
  { id: 3, name: 'Black Friday', clicks: 7, revenue: '980.00' },
];

const columns: TableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'clicks', header: 'Clicks', sortable: true, align: 'right' },
  {
    key: 'revenue',
    header: 'Revenue',
    sortable: true,
    sortValue: (r) => Number(r.revenue),
    render: (r) => `$${r.revenue}`,
  },
];

/** The Name column (first cell) of each body row, top to bottom. */
const bodyNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('Table', () => {
  it('renders headers, default cells and custom cells in a named, scrollable region', () => {
    renderWithProviders(
      <Table caption="Campaign breakdown" columns={columns} rows={rows} getRowId={(r) => r.id} />,
    );
    expect(screen.getByRole('table', { name: 'Campaign breakdown' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Campaign breakdown' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(screen.getByRole('columnheader', { name: /Clicks/ })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '$980.00' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Autumn Drop' })).toBeInTheDocument();
  });

  it('sorts on header click, ascending then descending, and reports aria-sort', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table columns={columns} rows={rows} getRowId={(r) => r.id} />);
    const clicksHeader = screen.getByRole('columnheader', { name: /Clicks/ });
    expect(clicksHeader).toHaveAttribute('aria-sort', 'none');

    await user.click(within(clicksHeader).getByRole('button'));
    expect(clicksHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyNames()).toEqual(['Black Friday', 'Spring Sale', 'Autumn Drop']);

    await user.click(within(clicksHeader).getByRole('button'));
    expect(clicksHeader).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual(['Autumn Drop', 'Spring Sale', 'Black Friday']);

    // sortValue makes '980.00' outrank '120.00' and '15.50' numerically, not as text.
    const revenueHeader = screen.getByRole('columnheader', { name: /Revenue/ });
    await user.click(within(revenueHeader).getByRole('button'));
    expect(bodyNames()).toEqual(['Autumn Drop', 'Spring Sale', 'Black Friday']);
    expect(clicksHeader).toHaveAttribute('aria-sort', 'none');
  });

  it('paginates client-side when given a page size', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Table columns={columns} rows={rows} getRowId={(r) => r.id} pageSize={2} />,
    );
    expect(bodyNames()).toEqual(['Spring Sale', 'Autumn Drop']);
    expect(screen.getByText('Showing 1–2 of 3 Results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyNames()).toEqual(['Black Friday']);
    expect(screen.getByText('Showing 3–3 of 3 Results')).toBeInTheDocument();
  });

  it('selects rows and all visible rows, reporting the ids', async () => {
    const user = userEvent.setup();
    const onSelectionChange = jest.fn();
    function Harness() {
      const [selected, setSelected] = useState<RowId[]>([]);
      return (
        <Table
          columns={columns}
          rows={rows}
          getRowId={(r) => r.id}
          selectable
          selectedIds={selected}
          rowLabel={(r) => `Select ${r.name}`}
          onSelectionChange={(ids) => {
            setSelected(ids);
            onSelectionChange(ids);
          }}
        />
      );
    }
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Autumn Drop' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([2]);
    const all = screen.getByRole('checkbox', { name: 'Select all rows' });
    expect(all).not.toBeChecked();
    expect(all).toHaveProperty('indeterminate', true);

    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith([2, 1, 3]);
    expect(all).toBeChecked();

    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('checkbox', { name: 'Select Spring Sale' })).not.toBeChecked();
  });

  it('tells rows apart by their id when not given getRowId', async () => {
    const onSelectionChange = jest.fn();
    renderWithProviders(
      <Table columns={columns} rows={rows} selectable onSelectionChange={onSelectionChange} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([2]);
  });

  it('keeps its own selection when uncontrolled', async () => {
    renderWithProviders(<Table columns={columns} rows={rows} getRowId={(r) => r.id} selectable />);
    const box = screen.getByRole('checkbox', { name: 'Select row 3' });
    await userEvent.click(box);
    expect(box).toBeChecked();
  });

  it('shows the empty text, or a spinner while loading', () => {
    const { rerender } = renderWithProviders(
      <Table columns={columns} rows={[]} getRowId={(r) => r.id} emptyText="No campaigns found." />,
    );
    expect(screen.getByRole('cell', { name: 'No campaigns found.' })).toBeInTheDocument();
    rerender(<Table columns={columns} rows={rows} getRowId={(r) => r.id} loading />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Spring Sale')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('pins the actions column to the right edge and names every cell for the phone cards', () => {
    renderWithProviders(
      <Table
        columns={[
          ...columns,
          {
            key: 'actions',
            header: <span>Actions</span>,
            actions: true,
            render: (r) => <button type="button">View {r.name}</button>,
          },
        ]}
        rows={rows}
        getRowId={(r) => r.id}
      />,
    );
    const action = screen.getByRole('button', { name: 'View Spring Sale' }).closest('td');
    expect(action).toHaveStyle({ position: 'sticky', right: '0px', whiteSpace: 'nowrap' });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveStyle({
      position: 'sticky',
    });
    // Text wraps before it pushes the buttons out; numbers stay on one line.
    expect(screen.getByRole('cell', { name: 'Spring Sale' })).toHaveStyle({ whiteSpace: 'normal' });
    expect(screen.getByRole('cell', { name: '40' })).toHaveStyle({ whiteSpace: 'nowrap' });
    const labels = within(screen.getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual(['Name', 'Clicks', 'Revenue', '']);
    expect(screen.getByRole('table')).toHaveAttribute('data-cards', 'true');
  });

  it("holds a cell's content in one box, so a phone's card keeps it beside its label", () => {
    renderWithProviders(
      <Table
        caption="Campaigns"
        columns={[
          {
            key: 'revenue',
            header: 'Revenue',
            // Text and a block under it: two grid items in the card without the box.
            render: (r) => (
              <>
                ${r.revenue}
                <span style={{ display: 'block' }}>+ €1.00</span>
              </>
            ),
          },
        ]}
        rows={rows.slice(0, 1)}
        getRowId={(r) => r.id}
      />,
    );
    const cell = screen.getByRole('cell', { name: /\+ €1\.00/ });
    expect(cell.children).toHaveLength(1);
    expect(cell.children[0]).toHaveTextContent(`$${rows[0]!.revenue}+ €1.00`);
  });
});

describe('figureColumn', () => {
  it('is a right-aligned column drawn by its render', () => {
    const column = figureColumn<Row>('clicks', 'Clicks', (r) => `${r.clicks} clicks`, {
      sortable: true,
    });
    expect(column).toMatchObject({
      key: 'clicks',
      header: 'Clicks',
      align: 'right',
      sortable: true,
    });
    expect(column.render?.(rows[0])).toBe('40 clicks');
  });
});

describe('actionsColumn', () => {
  it('names its header for screen readers only and pins the row buttons', () => {
    renderWithProviders(
      <Table
        columns={[...columns, actionsColumn<Row>((r) => <button>Edit {r.name}</button>)]}
        rows={rows}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveAttribute('data-actions');
    expect(screen.getByRole('button', { name: 'Edit Spring Sale' })).toBeInTheDocument();
  });
});
