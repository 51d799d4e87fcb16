import type { PayoutMethodBody, PayoutMethodView } from 'contract';
import * as yup from 'yup';
import { blankNulls } from 'shared-ui';

export interface MethodFormValues {
  type: 'paypal' | 'bank';
  paypal_email: string;
  account_holder: string;
  bank_name: string;
  account_number: string;
  bank_code: string;
  bank_country: string;
  is_default: boolean;
}

export const emptyMethod: MethodFormValues = {
  type: 'paypal',
  paypal_email: '',
  account_holder: '',
  bank_name: '',
  account_number: '',
  bank_code: '',
  bank_country: '',
  is_default: false,
};

export const methodValues = (m: PayoutMethodView): MethodFormValues => ({
  type: m.type,
  ...blankNulls(m, [
    'paypal_email',
    'account_holder',
    'bank_name',
    'account_number',
    'bank_code',
    'bank_country',
  ]),
  is_default: m.is_default,
});

// The same rules as the server's, so the form never sends what it refuses.
export const methodSchema = yup.object({
  type: yup.mixed<'paypal' | 'bank'>().oneOf(['paypal', 'bank']).required(),
  paypal_email: yup.string().when('type', {
    is: 'paypal',
    then: (s) =>
      s.trim().required('Enter the email of your PayPal account').email('Invalid email format'),
  }),
  account_holder: yup.string().when('type', {
    is: 'bank',
    then: (s) => s.trim().required("Enter the account holder's name").max(150),
  }),
  account_number: yup.string().when('type', {
    is: 'bank',
    then: (s) =>
      s
        .required('Enter an IBAN or account number (4 to 34 letters and digits)')
        .test('account', 'Enter an IBAN or account number (4 to 34 letters and digits)', (v) =>
          /^[A-Za-z0-9]{4,34}$/.test((v ?? '').replace(/\s+/g, '')),
        ),
  }),
  bank_code: yup.string().matches(/^[A-Za-z0-9 -]{2,34}$/, {
    message: 'Enter a sort code, routing number or SWIFT/BIC (letters, digits, spaces, hyphens)',
    excludeEmptyString: true,
  }),
  bank_country: yup.string().matches(/^[A-Za-z]{2}$/, {
    message: 'Enter a 2-letter country code',
    excludeEmptyString: true,
  }),
});

/** The body the server takes: only the fields of the chosen type, blanks left out. */
export function toMethodBody(values: MethodFormValues): PayoutMethodBody {
  const filled = (value: string) => (value.trim() === '' ? undefined : value.trim());
  if (values.type === 'paypal')
    return {
      type: 'paypal',
      paypal_email: values.paypal_email.trim(),
      is_default: values.is_default,
    };
  const body: PayoutMethodBody = { type: 'bank', is_default: values.is_default };
  for (const key of [
    'account_holder',
    'bank_name',
    'account_number',
    'bank_code',
    'bank_country',
  ] as const) {
    const value = filled(values[key]);
    if (value !== undefined) body[key] = value;
  }
  return body;
}
