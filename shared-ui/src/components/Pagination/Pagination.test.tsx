import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { Pagination, ReplyPagination, pageItems } from './Pagination';

describe('Pagination', () => {
  it('summarises the visible range with an en dash', () => {
    renderWithProviders(<Pagination page={2} total={42} perPage={10} onPageChange={jest.fn()} />);
    expect(screen.getByText('Showing 11–20 of 42 Results')).toBeInTheDocument();
  });

  it('clamps the last range to the total', () => {
    renderWithProviders(<Pagination page={5} total={42} perPage={10} onPageChange={jest.fn()} />);
    expect(screen.getByText('Showing 41–42 of 42 Results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows zero results without a range', () => {
    renderWithProviders(<Pagination page={1} total={0} onPageChange={jest.fn()} />);
    expect(screen.getByText('Showing 0–0 of 0 Results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('moves between pages', async () => {
    const onPageChange = jest.fn();
    renderWithProviders(<Pagination page={3} pages={10} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onPageChange).toHaveBeenLastCalledWith(10);
  });

  it('lists first, last and neighbours with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
  });
});

describe('ReplyPagination', () => {
  it('draws nothing until the reply has more than one page', () => {
    const { rerender } = renderWithProviders(
      <ReplyPagination meta={undefined} perPage={10} onPageChange={() => {}} />,
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    rerender(
      <ReplyPagination
        meta={{ page: 1, pages: 1, total: 4 }}
        perPage={10}
        onPageChange={() => {}}
      />,
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    rerender(
      <ReplyPagination
        meta={{ page: 2, pages: 3, total: 25 }}
        perPage={10}
        onPageChange={() => {}}
      />,
    );
    expect(screen.getByText('Showing 11–20 of 25 Results')).toBeInTheDocument();
  });
});
