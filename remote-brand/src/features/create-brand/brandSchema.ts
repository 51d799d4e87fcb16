import { MESSAGES, matchesPattern, withWebScheme } from 'contract/rules';
import * as yup from 'yup';
import type { BrandSize, BrandType } from 'shared-api';
import type { CreateBrandInput } from 'shared-api/catalog';
import { optionalChoice, optionalText } from '../../lib/formValues';

export interface BrandFormValues {
  brand_name: string;
  brand_type: BrandType | '';
  brand_size: BrandSize | '';
  phone_no: string;
  website_url: string;
  instagram_url: string;
  discord_url: string;
  X_url: string;
  description: string;
  brand_CAC: File | null;
}

export const emptyBrandForm: BrandFormValues = {
  brand_name: '',
  brand_type: '',
  brand_size: '',
  phone_no: '',
  website_url: '',
  instagram_url: '',
  discord_url: '',
  X_url: '',
  description: '',
  brand_CAC: null,
};

// The server's patterns and messages: a form never accepts what the server refuses.
export const PHONE_MESSAGE = MESSAGES.phoneInvalid;
export const URL_MESSAGE = MESSAGES.urlInvalid;
export const CAC_TYPE_MESSAGE = 'The CAC document must be an image or a PDF';

/** The spec's name for the document (field brand_CAC), with what it is for those who do not know it. */
export const CAC_LABEL = 'CAC document: company registration, optional, image or PDF';

/** Accepted by the CAC picker and checked again here, since a picker's filter is only a hint. */
export const CAC_ACCEPT = 'image/*,application/pdf';

const isDocument = (file: File) =>
  file.type.startsWith('image/') || file.type === 'application/pdf';

const optionalUrl = yup
  .string()
  .trim()
  .test('url', URL_MESSAGE, (value) => !value || matchesPattern('httpUrl', value));

// formik hands yup '' as undefined, so optional fields need no `.defined()`.
export const brandSchema = yup.object({
  brand_name: yup.string().trim().required(MESSAGES.brandNameRequired),
  phone_no: yup
    .string()
    .trim()
    .test('phone', PHONE_MESSAGE, (value) => !value || matchesPattern('phone', value)),
  // Typed without a scheme, the website is read with https:// (the server applies the same rule).
  website_url: yup
    .string()
    .trim()
    .test('url', URL_MESSAGE, (value) => !value || matchesPattern('httpUrl', withWebScheme(value))),
  instagram_url: optionalUrl,
  discord_url: optionalUrl,
  X_url: optionalUrl,
  brand_CAC: yup
    .mixed<File>()
    .nullable()
    .test('type', CAC_TYPE_MESSAGE, (file) => !file || isDocument(file)),
});

/** The create call's input: trimmed, with empty optional fields left out. */
export function toCreateBrandInput(values: BrandFormValues): CreateBrandInput {
  return {
    brand_name: values.brand_name.trim(),
    brand_type: optionalChoice(values.brand_type),
    brand_size: optionalChoice(values.brand_size),
    phone_no: optionalText(values.phone_no),
    website_url: optionalText(withWebScheme(values.website_url)),
    instagram_url: optionalText(values.instagram_url),
    discord_url: optionalText(values.discord_url),
    X_url: optionalText(values.X_url),
    description: optionalText(values.description),
    brand_CAC: values.brand_CAC,
  };
}
