import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createAppStore, setActiveRole, setToken, setUser } from 'shared-api';
import { useExportableTable, type ExportColumn } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/router';
import { AllProviders } from 'shared-ui/test-utils';
import { Header } from './Header';
import { aUser } from 'shared-api/testing';

type BrandMemberships = NonNullable<ReturnType<typeof aUser>['brand_roles']>;

interface Payment {
  id: number;
  advocate: string;
  amount: string;
}

const columns: ExportColumn<Payment>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Advocate', value: (p) => p.advocate },
  { header: 'Amount', value: (p) => p.amount },
];

function PaymentsScreen({ rows }: { rows: Payment[] }) {
  useExportableTable({ name: 'payments', columns, rows });
  return null;
}

function renderHeader(
  screenUnderHeader: ReactNode,
  { path = '/brand/dashboard', brandRoles }: { path?: string; brandRoles?: BrandMemberships } = {},
) {
  const store = createAppStore();
  store.dispatch(setToken('token'));
  store.dispatch(
    setUser(
      aUser({
        id: 1,
        email: 'olu@example.test',
        username: 'olu',
        first_name: 'Olu',
        roles: ['Brand Owner'],
        is_staff: false,
        verified_at: '2025-01-01T00:00:00Z',
        is_active: true,
        ...(brandRoles && {
          brand_roles: brandRoles,
          brand_ids: brandRoles.map((m) => m.brand_id),
        }),
      }),
    ),
  );
  store.dispatch(setActiveRole('brand'));
  return render(
    <Provider store={store}>
      <AllProviders>
        <MemoryRouter initialEntries={[path]}>
          <Header onOpenMenu={() => {}} />
          {screenUnderHeader}
        </MemoryRouter>
      </AllProviders>
    </Provider>,
  );
}

/** Captures what a click on a download link would save. */
function captureDownloads() {
  const saved: Array<{ file: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ file: this.download, blob: blobs.get(this.href) as Blob });
  });
  return saved;
}

const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('Header Export', () => {
  it('is disabled on a screen that offers no table', () => {
    renderHeader(null);
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('is disabled while the screen’s table is empty', () => {
    renderHeader(<PaymentsScreen rows={[]} />);
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('downloads the current screen’s table as CSV', async () => {
    const saved = captureDownloads();
    renderHeader(
      <PaymentsScreen
        rows={[
          { id: 41, advocate: 'Ada Obi', amount: '120.00' },
          { id: 42, advocate: 'Bo, Jr.', amount: '15.50' },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('title', 'Export payments as CSV');
    await userEvent.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].file).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readText(saved[0].blob)).toBe(
      'ID,Advocate,Amount\r\n41,Ada Obi,120.00\r\n42,"Bo, Jr.",15.50\r\n',
    );
  });
});

describe('Header role', () => {
  const member = (brand_id: number, role: BrandMemberships[number]['role']) => ({
    brand_id,
    role,
    two_factor_required: false,
  });

  it("names a Finance member's role on the brand in view, not 'Brand Owner'", () => {
    renderHeader(null, {
      path: '/brand/brands/7/campaigns',
      brandRoles: [member(3, 'owner'), member(7, 'finance')],
    });
    expect(screen.getByRole('button', { name: 'Finance' })).toBeInTheDocument();
    expect(screen.queryByText('Brand Owner')).not.toBeInTheDocument();
  });

  it("names an Analyst's role on their first brand when the address names none", () => {
    renderHeader(null, { brandRoles: [member(5, 'analyst')] });
    expect(screen.getByRole('button', { name: 'Analyst' })).toBeInTheDocument();
  });

  it("keeps 'Brand Owner' for an owner", () => {
    renderHeader(null, { brandRoles: [member(3, 'owner')] });
    expect(screen.getByRole('button', { name: 'Brand Owner' })).toBeInTheDocument();
  });
});
