import type { AdvocateBalance, CreatePayoutsReply, PayoutExportFormat } from 'contract';
import { useState } from 'react';
import { normaliseError } from 'shared-api';
import { useListBrandsQuery } from 'shared-api/catalog';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorBanner,
  formatMemberSince,
  formatMoney,
  Heading,
  padId,
  PageHeader,
  Select,
  Spinner,
  Text,
  useToast,
  wrappingRow,
} from 'shared-ui';
import { useSearchParams } from 'shared-ui/router';
import { StatCard, Table, type TableColumn } from 'shared-ui/workspace';
import styled from 'styled-components';
import { amountsText } from './moneyText';
import { PayoutSettingsForm } from './PayoutSettingsForm';
import { PayoutsTable } from './PayoutsTable';
import {
  useCreatePayoutsMutation,
  useGetPayoutSummaryQuery,
  useLazyExportPayoutsQuery,
} from './payoutsApi';
import { ReviewList } from './ReviewList';

const balanceColumns: TableColumn<AdvocateBalance>[] = [
  { key: 'advocate_id', header: 'Advocate ID', render: (b) => `AID${padId(b.advocate_id, 6)}` },
  { key: 'advocate', header: 'Advocate', render: (b) => b.advocate },
  { key: 'email', header: 'Email', render: (b) => b.email },
  {
    key: 'amount',
    header: 'Balance',
    align: 'right',
    render: (b) => formatMoney(b.amount, b.currency),
  },
  {
    key: 'state',
    header: 'Next payout',
    render: (b) =>
      !b.due ? (
        <Badge>Below the minimum</Badge>
      ) : b.has_method ? (
        <Badge tone="success">Will be paid</Badge>
      ) : (
        <Badge tone="warning">Needs a payout method</Badge>
      ),
  },
];

/** `?brandId=3` picks the brand; without it, the owner's first brand. */
function useBrandChoice() {
  const [params, setParams] = useSearchParams();
  const brands = useListBrandsQuery();
  const raw = params.get('brandId');
  const asked = raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  const list = brands.data ?? [];
  const brandId = list.find((b) => b.id === asked)?.id ?? list[0]?.id ?? null;
  const choose = (id: number) => setParams({ brandId: String(id) }, { replace: true });
  return { brands, list, brandId, choose };
}

/** /brand/payouts: what the brand owes its advocates, the review of pending conversions, payouts. */
export function PayoutsPage() {
  const { brands, list, brandId, choose } = useBrandChoice();
  return (
    <>
      <PageHeader
        title="Payouts"
        subtitle="Review conversions, then pay your advocates their approved rewards."
        actions={
          list.length > 1 && brandId !== null ? (
            <Select
              aria-label="Brand"
              options={list.map((b) => ({ value: String(b.id), label: b.brand_name }))}
              value={String(brandId)}
              onChange={(e) => choose(Number(e.target.value))}
            />
          ) : undefined
        }
      />
      {brands.isError ? (
        <ErrorBanner message="Failed to load brands" onRetry={() => void brands.refetch()} />
      ) : brands.isLoading ? (
        <Spinner label="Loading" />
      ) : brandId === null ? (
        <EmptyState title="No brands found." />
      ) : (
        <BrandPayouts brandId={brandId} key={brandId} />
      )}
    </>
  );
}

function BrandPayouts({ brandId }: { brandId: number }) {
  const summary = useGetPayoutSummaryQuery(brandId);
  const [create, { isLoading: creating }] = useCreatePayoutsMutation();
  const [exportCsv] = useLazyExportPayoutsQuery();
  const [created, setCreated] = useState<CreatePayoutsReply | null>(null);
  const toast = useToast();
  const data = summary.data;

  const createPayouts = async () => {
    try {
      const reply = await create(brandId).unwrap();
      setCreated(reply);
      const n = reply.payouts.length;
      toast.success(n === 0 ? 'No payouts to create' : `${n} payout${n === 1 ? '' : 's'} created`);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to create payouts'));
    }
  };

  const download = async (format: PayoutExportFormat, currency: string) => {
    try {
      const csv = await exportCsv({ brandId, format, currency }).unwrap();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `payouts-${currency}-${format}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to export payouts'));
    }
  };

  const currencies = data
    ? [
        ...new Set(
          data.advocates.map((a) => a.currency).concat(data.balance.map((b) => b.currency)),
        ),
      ]
    : [];
  const exportCurrencies = created
    ? [...new Set(created.payouts.map((p) => p.currency))]
    : currencies;

  return (
    <Sections>
      {summary.isError ? (
        <ErrorBanner message="Failed to fetch payments" onRetry={() => void summary.refetch()} />
      ) : !data ? (
        <Spinner label="Loading" />
      ) : (
        <Cards>
          <StatCard
            title="Previous payout"
            value={data.previous_payout ? amountsText(data.previous_payout.totals) : '—'}
            hint={
              data.previous_payout
                ? `${formatMemberSince(data.previous_payout.date)} · ${data.previous_payout.payouts} payout(s)`
                : 'No payouts yet'
            }
          />
          <StatCard
            title="Next payout"
            value={amountsText(data.next_payout.totals)}
            hint={`${data.next_payout.advocates} advocate(s) due`}
          />
          <StatCard
            title="Balance"
            value={amountsText(data.balance)}
            hint="approved, not yet paid"
          />
        </Cards>
      )}

      <Panel as="section" aria-labelledby="review-heading">
        <Heading level={2} size="lg" id="review-heading">
          Pending review
        </Heading>
        <Text size="sm" muted>
          Every reward waits here for your decision or the end of the hold period.
        </Text>
        <ReviewList brandId={brandId} />
      </Panel>

      <Panel as="section" aria-labelledby="balances-heading">
        <Heading level={2} size="lg" id="balances-heading">
          Advocate balances
        </Heading>
        {data && (
          <Table
            caption="Advocate balances"
            columns={balanceColumns}
            rows={data.advocates}
            getRowId={(b) => `${b.advocate_id}-${b.currency}`}
            emptyText="No approved rewards to pay."
          />
        )}
      </Panel>

      <Panel as="section" aria-labelledby="payouts-heading">
        <HeaderRow>
          <Heading level={2} size="lg" id="payouts-heading">
            Payouts
          </Heading>
          <Button loading={creating} onClick={() => void createPayouts()}>
            Create payouts
          </Button>
        </HeaderRow>
        {created && created.needs_method.length > 0 && (
          <Text size="sm" role="note">
            Not paid, needs a payout method:{' '}
            {created.needs_method
              .map((b) => `${b.advocate} (${formatMoney(b.amount, b.currency)})`)
              .join(', ')}
          </Text>
        )}
        <PayoutsTable brandId={brandId} />
        {exportCurrencies.length > 0 && (
          <HeaderRow>
            <Text size="sm" muted>
              Download pending payouts for your provider:
            </Text>
            {exportCurrencies.map((currency) => (
              <span key={currency}>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void download('paypal', currency)}
                >
                  PayPal CSV ({currency})
                </Button>{' '}
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void download('wise', currency)}
                >
                  Wise CSV ({currency})
                </Button>
              </span>
            ))}
          </HeaderRow>
        )}
      </Panel>

      <Panel as="section" aria-labelledby="settings-heading">
        <Heading level={2} size="lg" id="settings-heading">
          Payout settings
        </Heading>
        <PayoutSettingsForm brandId={brandId} />
      </Panel>
    </Sections>
  );
}

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(4)};
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  min-width: 0;
`;

const HeaderRow = styled.div`
  ${wrappingRow('space-between', 2)}
`;
