import { screen, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-ui/test-utils';
import { makeBreakdown } from '../../test/analyticsFixtures';
import { BreakdownTable } from './BreakdownTable';

describe('BreakdownTable', () => {
  it("shows each currency with its own decimals: KWD's three, JPY's none, never rounded to cents", () => {
    renderWithProviders(
      <BreakdownTable
        currency="USD"
        rows={[
          makeBreakdown({
            campaign_name: 'Gulf Launch',
            by_currency: [
              { currency: 'KWD', revenue: 12.345, earnings: 1.235 },
              { currency: 'JPY', revenue: 999, earnings: 100 },
            ],
          }),
        ]}
      />,
    );
    const row = screen.getByRole('row', { name: /Gulf Launch/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent ?? '');
    expect(cells.some((text) => /KWD\s12\.345/.test(text) && text.includes('¥999'))).toBe(true);
    expect(cells.some((text) => /KWD\s1\.235/.test(text) && text.includes('¥100'))).toBe(true);
    expect(cells.join(' ')).not.toMatch(/12\.35\b|1\.24\b|999\.00/);
  });
});
