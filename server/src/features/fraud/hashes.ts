// The keyed hashes the fraud rules compare: a customer's email, a reporting browser's address and
// a payout method. Keyed (HMAC with a key derived from the server secret) so a leaked table
// cannot be reversed by hashing guesses, and never shown to anyone.
import { createHmac } from 'node:crypto';

export interface FraudHashes {
  email(email: string): string;
  address(ip: string): string;
  payoutMethod(method: PayoutIdentity): string | null;
}

/** What identifies where money goes: the PayPal address, or the bank account (and its bank code). */
export interface PayoutIdentity {
  type: 'paypal' | 'bank';
  paypalEmail: string | null;
  accountNumber: string | null;
  bankCode: string | null;
}

export const normalEmail = (email: string): string => email.trim().toLowerCase();

export function fraudHashes(serverSecret: string): FraudHashes {
  const key = createHmac('sha256', serverSecret).update('fraud-hash/v1').digest();
  const hash = (kind: string, value: string) =>
    createHmac('sha256', key).update(`${kind}\n${value}`).digest('hex');
  return {
    email: (email) => hash('email', normalEmail(email)),
    address: (ip) => hash('address', ip),
    payoutMethod(method) {
      if (method.type === 'paypal')
        return method.paypalEmail ? hash('paypal', normalEmail(method.paypalEmail)) : null;
      if (!method.accountNumber) return null;
      // Spaces and letter case are how people write an IBAN, not part of the account.
      const plain = (text: string | null) => (text ?? '').replace(/\s+/g, '').toUpperCase();
      return hash('bank', `${plain(method.bankCode)}\n${plain(method.accountNumber)}`);
    },
  };
}
