// The brand calls' schemas live in the contract, shared with the clients; the server adds the
// wording of its validation errors.
import { MESSAGES } from 'contract/rules';
import type { FieldMessages } from '../../plugins/errors.js';

export {
  BrandInput,
  BrandListReply,
  BrandNotFoundReply,
  BrandReply,
  BrandSizeValue,
  BrandTypeValue,
  BrandView,
  CreateBrandReply,
} from 'contract';

/** The form's wording (the phone and URL messages come with their patterns). */
export const BRAND_MESSAGES: FieldMessages = {
  brand_name: {
    required: MESSAGES.brandNameRequired,
    minLength: MESSAGES.brandNameRequired,
    pattern: MESSAGES.brandNameRequired,
    type: MESSAGES.brandNameRequired,
  },
};
