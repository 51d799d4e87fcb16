// Payout rows as the brand's payouts table shows them, and the batch files payment providers import.
import type { PayoutView } from 'contract';
import { csvAmount, csvFile, type CsvCell } from 'contract/csv';
import type { PayoutMethodSnapshot } from '../../db/schema.js';
import type { PayoutRowView } from './repository.js';

export const paymentTypeLabel = (m: PayoutMethodSnapshot) =>
  m.type === 'paypal' ? 'PayPal' : 'Bank transfer';

/** The PayPal email, or the bank with only the account's last 4 characters. */
export function methodLabel(m: PayoutMethodSnapshot): string {
  if (m.type === 'paypal') return m.paypal_email ?? '';
  const account = (m.account_number ?? '').replace(/\s+/g, '');
  return `${m.bank_name ?? 'Bank'} ••••${account.slice(-4)}`;
}

export const toPayoutView = (row: PayoutRowView): PayoutView => ({
  id: row.id,
  advocate_id: row.advocate_id,
  advocate: row.advocate,
  email: row.email,
  payment_type: paymentTypeLabel(row.method),
  method: methodLabel(row.method),
  amount: Number(row.amount),
  currency: row.currency,
  date: new Date(row.created_at).toISOString(),
  status: row.status,
  rewards: Number(row.rewards),
  failure_reason: row.failure_reason,
});

// Both files follow the one CSV rule of every export (contract/csv.ts): UTF-8 with a byte-order
// mark, CRLF, amounts with their currency's decimals.

/**
 * PayPal Payouts (web upload): no header; recipient email, amount, currency, an id (≤ 30
 * characters, no spaces), a note, the wallet. One currency per file.
 */
export function paypalCsv(rows: readonly PayoutRowView[], brandName: string): string {
  return csvFile(
    null,
    rows
      .filter((r) => r.method.type === 'paypal')
      .map((r) => [
        r.method.paypal_email ?? '',
        csvAmount(r.amount, r.currency),
        r.currency,
        `PAYOUT-${r.id}`,
        `${brandName} payout ${r.id}`.slice(0, 400),
        'PAYPAL',
      ]),
  );
}

export const WISE_COLUMNS = [
  'name',
  'recipientEmail',
  'paymentReference',
  'receiverType',
  'amountCurrency',
  'amount',
  'sourceCurrency',
  'targetCurrency',
  'IBAN',
  'BIC',
  'accountNumber',
  'sortCode',
  'bankCountry',
] as const;

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/;

/**
 * Wise batch transfer ("send to bank accounts"): a header row, then one fixed-target transfer per
 * bank payout (the advocate receives exactly the amount). An IBAN goes in IBAN with the code as
 * BIC; a local account number in accountNumber with the code as sort code.
 */
export function wiseCsv(rows: readonly PayoutRowView[]): string {
  const lines: CsvCell[][] = [];
  for (const r of rows) {
    if (r.method.type !== 'bank') continue;
    const account = (r.method.account_number ?? '').replace(/\s+/g, '').toUpperCase();
    const iban = IBAN.test(account);
    lines.push([
      r.method.account_holder ?? '',
      r.email,
      `PAYOUT-${r.id}`,
      'PRIVATE',
      'target',
      csvAmount(r.amount, r.currency),
      r.currency,
      r.currency,
      iban ? account : '',
      iban ? (r.method.bank_code ?? '') : '',
      iban ? '' : account,
      iban ? '' : (r.method.bank_code ?? ''),
      r.method.bank_country ?? '',
    ]);
  }
  return csvFile(WISE_COLUMNS, lines);
}
