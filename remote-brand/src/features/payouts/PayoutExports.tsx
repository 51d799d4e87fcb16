import type { PayoutExportFormat, PayoutView } from 'contract';
import { normaliseError } from 'shared-api';
import { Button, Cluster, Text, useToast } from 'shared-ui';
import { useListAllPayoutsQuery } from './allPayoutsApi';
import { useLazyExportPayoutsQuery } from './payoutsApi';

/** Which provider's file pays which payouts: PayPal the PayPal ones, Wise the bank transfers. */
const PROVIDERS: readonly { format: PayoutExportFormat; label: string; paymentType: string }[] = [
  { format: 'paypal', label: 'PayPal', paymentType: 'PayPal' },
  { format: 'wise', label: 'Wise', paymentType: 'Bank transfer' },
];

export interface PayoutExportOffer {
  format: PayoutExportFormat;
  currency: string;
  /** 'PayPal CSV (USD)'. */
  label: string;
  payouts: readonly PayoutView[];
}

/**
 * One offer per provider and currency that has pending payouts to send, so every button saves
 * a file with at least one payout in it: exactly the payouts its label names.
 */
export function exportOffers(pending: readonly PayoutView[]): PayoutExportOffer[] {
  const offers: PayoutExportOffer[] = [];
  const currencies = [...new Set(pending.map((p) => p.currency))].sort();
  for (const currency of currencies) {
    for (const provider of PROVIDERS) {
      const payouts = pending.filter(
        (p) => p.currency === currency && p.payment_type === provider.paymentType,
      );
      if (payouts.length > 0)
        offers.push({
          format: provider.format,
          currency,
          label: `${provider.label} CSV (${currency})`,
          payouts,
        });
    }
  }
  return offers;
}

const payoutCount = (n: number) => `${n} payout${n === 1 ? '' : 's'}`;

/** Does the provider's file hold a payout? PayPal's has no header row, Wise's has one. */
function holdsPayouts(csv: string, format: PayoutExportFormat): boolean {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  return lines.length > (format === 'wise' ? 1 : 0);
}

/** The batch files for the payment providers: the pending payouts, per provider and currency. */
export function PayoutExports({ brandId }: { brandId: number }) {
  const pending = useListAllPayoutsQuery({ brandId, status: 'pending' });
  const [exportCsv] = useLazyExportPayoutsQuery();
  const toast = useToast();

  const download = async (offer: PayoutExportOffer) => {
    try {
      const csv = await exportCsv({
        brandId,
        format: offer.format,
        currency: offer.currency,
      }).unwrap();
      // The list may have moved on since it was read (a payout marked sent in another tab).
      if (!holdsPayouts(csv, offer.format)) {
        toast.error(`No pending ${offer.label.replace(' CSV', '')} payouts to export any more`);
        void pending.refetch();
        return;
      }
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `payouts-${offer.currency}-${offer.format}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to export payouts'));
    }
  };

  if (pending.isError || !pending.data) return null;
  const offers = exportOffers(pending.data);
  if (offers.length === 0) {
    return (
      <Text size="sm" muted>
        No pending payouts to send. Payouts you create appear here as PayPal and Wise batch files
        until you mark them sent.
      </Text>
    );
  }
  return (
    <Cluster gap={2} align="center">
      <Text size="sm" muted>
        Send the pending payouts through your provider:
      </Text>
      {offers.map((offer) => (
        <Button
          key={`${offer.format}-${offer.currency}`}
          size="sm"
          variant="secondary"
          onClick={() => void download(offer)}
        >
          {offer.label} · {payoutCount(offer.payouts.length)}
        </Button>
      ))}
    </Cluster>
  );
}
