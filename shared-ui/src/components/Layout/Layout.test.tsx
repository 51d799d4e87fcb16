import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { PageHeader } from './PageHeader';
import styled from 'styled-components';
import { autoGrid } from './autoGrid';
import { IconTile } from './IconTile';
import { splitRow } from './splitRow';
import { Cluster, PlainList, Stack } from './Stack';

describe('PageHeader', () => {
  it('shows the title as the page heading with subtitle and actions', () => {
    renderWithProviders(
      <PageHeader
        title="Payouts"
        subtitle="Money sent to advocates"
        actions={<button>Export</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    expect(screen.getByText('Money sent to advocates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });
});

describe('Stack', () => {
  it('lays children out in the requested direction with a grid gap', () => {
    renderWithProviders(
      <Stack direction="row" gap={2} data-testid="stack">
        <span>a</span>
      </Stack>,
    );
    expect(screen.getByTestId('stack')).toHaveStyle({ flexDirection: 'row', gap: '8px' });
  });
});

describe('Cluster', () => {
  it('is a centred row that wraps', () => {
    renderWithProviders(
      <Cluster data-testid="cluster">
        <span>a</span>
      </Cluster>,
    );
    expect(screen.getByTestId('cluster')).toHaveStyle({
      flexDirection: 'row',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '8px',
    });
  });
});

describe('PlainList', () => {
  it('keeps list semantics', () => {
    renderWithProviders(
      <PlainList aria-label="Links" ordered>
        <li>One</li>
        <li>Two</li>
      </PlainList>,
    );
    const list = screen.getByRole('list', { name: 'Links' });
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('IconTile', () => {
  it('is a square of the given size', () => {
    renderWithProviders(<IconTile data-testid="tile" $size={44} aria-hidden="true" />);
    expect(screen.getByTestId('tile')).toHaveStyle({ width: '44px', height: '44px' });
  });
});

describe('layout fragments', () => {
  it('splitRow spreads a row and autoGrid fits columns of a minimum width', () => {
    const Row = styled.div`
      ${splitRow(2)}
    `;
    const Grid = styled.div`
      ${autoGrid('14rem', 3)}
    `;
    renderWithProviders(
      <>
        <Row data-testid="row" />
        <Grid data-testid="grid" />
      </>,
    );
    expect(screen.getByTestId('row')).toHaveStyle({
      display: 'flex',
      justifyContent: 'space-between',
      padding: '8px 0px',
    });
    expect(screen.getByTestId('grid')).toHaveStyle({
      gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
      gap: '12px',
    });
  });
});
