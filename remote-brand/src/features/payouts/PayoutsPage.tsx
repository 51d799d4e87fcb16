import type { AdvocateBalance, CreatePayoutsReply, PayoutPreviewReply, PayoutView } from 'contract';
import { useState } from 'react';
import { normaliseError } from 'shared-api';
import { useListBrandsQuery } from 'shared-api/catalog';
import {
  Badge,
  EmptyState,
  ErrorBanner,
  formatDate,
  formatMoney,
  PageHeader,
  Select,
  Spinner,
  Text,
  useToast,
  Panel,
  Stack,
  autoGrid,
  formatAmounts,
} from 'shared-ui';
import { useLocation, useSearchParams } from 'shared-ui/router';
import {
  figureColumn,
  PhoneSections,
  StatCard,
  Table,
  type TableColumn,
} from 'shared-ui/workspace';
import styled from 'styled-components';
import { payeeColumns } from './payeeColumns';
import { PayoutSettingsForm } from './PayoutSettingsForm';
import { FraudSettingsForm } from './FraudSettingsForm';
import { PayoutsTable } from './PayoutsTable';
import {
  useCreatePayoutsMutation,
  useGetPayoutSummaryQuery,
  usePreviewPayoutsMutation,
} from './payoutsApi';
import { PayoutPreviewModal } from './PayoutPreviewModal';
import { useListAllPayoutsQuery } from './allPayoutsApi';
import { PayoutExports } from './PayoutExports';
import { ReviewList } from './ReviewList';
import { RefusedReports, ReviewHeadline } from './RefusedReports';
import { PermittedButton } from '../../components/PermittedButton';
import { PAYOUT_SETTINGS_ANCHOR } from '../../paths';

const balanceColumns: TableColumn<AdvocateBalance>[] = [
  ...payeeColumns<AdvocateBalance>(),
  figureColumn('amount', 'Balance', (b) => formatMoney(b.amount, b.currency)),
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

/** Who is owed money but cannot be paid: 'Waiting for a payout method: bo ($15.00), …'. */
function waitingForMethod(balances: readonly AdvocateBalance[]): string {
  const who = balances.map((b) => `${b.advocate} (${formatMoney(b.amount, b.currency)})`);
  return `Waiting for a payout method: ${who.join(', ')}. They are paid once they add one.`;
}

/** ' · 2 not sent yet' while payouts wait to be marked sent. */
function unsentHint(pending: readonly PayoutView[] | undefined): string {
  const n = pending?.length ?? 0;
  return n === 0 ? '' : ` · ${n} not sent yet`;
}

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
  const [previewPayouts, { isLoading: previewing }] = usePreviewPayoutsMutation();
  const [create, { isLoading: creating }] = useCreatePayoutsMutation();
  const pending = useListAllPayoutsQuery({ brandId, status: 'pending' });
  const [created, setCreated] = useState<CreatePayoutsReply | null>(null);
  const [preview, setPreview] = useState<PayoutPreviewReply | null>(null);
  const toast = useToast();
  const { hash } = useLocation();
  const data = summary.data;

  const openPreview = async () => {
    try {
      setPreview(await previewPayouts(brandId).unwrap());
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to preview payouts'));
    }
  };

  const createPayouts = async () => {
    if (!preview) return;
    try {
      const reply = await create({ brandId, previewId: preview.preview_id }).unwrap();
      setPreview(null);
      setCreated(reply);
      const n = reply.payouts.length;
      if (n > 0) toast.success(`${n} payout${n === 1 ? '' : 's'} created`);
      else if (reply.needs_method.length > 0)
        // Nothing paid because the advocates owed money have nowhere to receive it: say who.
        toast.error(`No payouts created: ${waitingForMethod(reply.needs_method)}`);
      else toast.success('No payouts to create: no approved balance reaches the minimum');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to create payouts'));
    }
  };

  return (
    <Stack gap={4}>
      {summary.isError ? (
        <ErrorBanner message="Failed to fetch payments" onRetry={() => void summary.refetch()} />
      ) : !data ? (
        <Spinner label="Loading" />
      ) : (
        <Cards>
          <StatCard
            title="Previous payout"
            value={data.previous_payout ? formatAmounts(data.previous_payout.totals) : '—'}
            hint={
              data.previous_payout
                ? // Created is not sent: money is on its way only once a payout is marked sent.
                  `Created ${formatDate(data.previous_payout.date)} · ${data.previous_payout.payouts} payout(s)${unsentHint(pending.data)}`
                : 'No payouts yet'
            }
          />
          <StatCard
            title="Next payout"
            // Each currency that is due; nothing due is said, not shown as $0.00 in a currency
            // the brand may not even sell in.
            value={
              data.next_payout.totals.length > 0
                ? formatAmounts(data.next_payout.totals)
                : 'Nothing due'
            }
            hint={`${data.next_payout.advocates} advocate(s) due`}
          />
          <StatCard
            title="Balance"
            value={formatAmounts(data.balance)}
            hint="approved, not yet paid"
          />
        </Cards>
      )}

      {/* A phone shows one section at a time (tabs); a desktop all of them, as before. */}
      <PhoneSections
        aria-label="Payouts sections"
        initial={hash === `#${PAYOUT_SETTINGS_ANCHOR}` ? 'settings' : undefined}
        sections={[
          {
            id: 'review',
            label: 'Review',
            content: (
              <Panel title="Pending review" gap={3}>
                <ReviewHeadline brandId={brandId} />
                <Text size="sm" muted>
                  Every reward waits here for your decision or the end of the hold period.
                </Text>
                <ReviewList brandId={brandId} />
                <RefusedReports brandId={brandId} />
              </Panel>
            ),
          },
          {
            id: 'balances',
            label: 'Balances',
            content: (
              <Panel title="Advocate balances" gap={3}>
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
            ),
          },
          {
            id: 'payouts',
            label: 'Payouts',
            content: (
              <Panel
                title="Payouts"
                gap={3}
                actions={
                  <PermittedButton
                    brandId={brandId}
                    permission="payouts"
                    loading={previewing}
                    onClick={() => void openPreview()}
                  >
                    Create payouts
                  </PermittedButton>
                }
              >
                {created && created.needs_method.length > 0 && (
                  <Text size="sm" role="note">
                    {waitingForMethod(created.needs_method)}
                  </Text>
                )}
                <PayoutPreviewModal
                  preview={preview}
                  confirming={creating}
                  onConfirm={() => void createPayouts()}
                  onClose={() => setPreview(null)}
                />
                <PayoutsTable brandId={brandId} />
                <PayoutExports brandId={brandId} />
              </Panel>
            ),
          },
          {
            id: 'settings',
            label: 'Settings',
            content: (
              <Panel title="Payout settings" gap={3}>
                <PayoutSettingsForm brandId={brandId} />
              </Panel>
            ),
          },
          {
            id: 'fraud',
            label: 'Fraud',
            content: (
              <Panel title="Fraud and review" gap={3}>
                <FraudSettingsForm brandId={brandId} />
              </Panel>
            ),
          },
        ]}
      />
    </Stack>
  );
}

const Cards = styled.div`
  ${autoGrid('14rem', 3)}
`;
