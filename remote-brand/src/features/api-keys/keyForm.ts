import * as yup from 'yup';
import { API_KEY_KINDS, type ApiKeyKind } from './apiKeysApi';

export interface KeyFormValues {
  kind: ApiKeyKind;
}

export const KEY_FORM_INITIAL: KeyFormValues = { kind: 'secret' };

export const keyFormSchema: yup.ObjectSchema<KeyFormValues> = yup.object({
  kind: yup
    .mixed<ApiKeyKind>()
    .oneOf(API_KEY_KINDS, 'Choose a key type')
    .required('Choose a key type'),
});

/** What each kind is for, shown under the picker and in the new-key dialog. */
export const KIND_LABELS: Record<ApiKeyKind, { label: string; use: string }> = {
  secret: {
    label: 'Secret key',
    use: 'For your server: may set rewards. Never put it in a web page or an app.',
  },
  publishable: {
    label: 'Publishable key',
    use: 'For the script tag on your site: conversions wait for your review.',
  },
};
