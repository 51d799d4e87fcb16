/** Settings → Payments Methods: the advocate's payout methods (PayPal or bank transfer). */
export function PayoutMethodsTab() {
  return <section aria-label="Payments Methods">Payout methods are loading…</section>;
}

export default PayoutMethodsTab;
