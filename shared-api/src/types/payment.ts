export type PaymentStatus = 'Successful' | 'Pending' | 'Failed' | 'Ongoing';

/**
 * One payment (payout) row. Replies differ in spelling, so every alternative is optional:
 * id or transaction_id; a nested advocate or flat advocate_name/advocate_email; amount or value;
 * date, created_at or timestamp.
 */
export interface Payment {
  id?: number | string;
  transaction_id?: string;
  advocate?: { id?: number; name?: string | null; email?: string | null };
  advocate_name?: string | null;
  advocate_email?: string | null;
  amount?: number;
  value?: number;
  /** Defaults to USD when absent. */
  currency?: string;
  date?: string;
  created_at?: string;
  timestamp?: string;
  campaign_name?: string | null;
  method?: string | null;
  status?: PaymentStatus;
}

export interface PaymentSummary {
  total_amount: number;
  currency: string;
}
