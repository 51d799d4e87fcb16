import { padId } from 'shared-ui';
import type { TableColumn } from 'shared-ui/workspace';

/** Who is paid: the first columns of the balances and the payouts tables. */
export function payeeColumns<
  T extends { advocate_id: number; advocate: string; email: string },
>(): TableColumn<T>[] {
  return [
    { key: 'advocate_id', header: 'Advocate ID', render: (r) => `AID${padId(r.advocate_id, 6)}` },
    { key: 'advocate', header: 'Advocate' },
    { key: 'email', header: 'Email' },
  ];
}
