// The brand edit form: the creation form's rules (brandSchema) plus the program page's slug and
// application questions, checked with the server's own rules (contract rules), and the PATCH
// body: only what changed, empty optional fields cleared (null).
import * as yup from 'yup';
import {
  LIMITS,
  MESSAGES,
  matchesPattern,
  questionsProblem,
  withWebScheme,
  type QuestionLike,
} from 'contract/rules';
import type { BrandUpdate } from 'contract';
import type { Brand } from 'shared-api';
import { brandSchema, type BrandFormValues } from '../create-brand/brandSchema';

export interface QuestionValues {
  id: string;
  label: string;
  type: QuestionLike['type'];
  required: boolean;
  /** The choices, one per line (choice questions only). */
  options: string;
}

export interface BrandEditValues extends Omit<BrandFormValues, 'brand_CAC'> {
  slug: string;
  questions: QuestionValues[];
  logo: File | null;
  removeLogo: boolean;
}

export const LOGO_TYPE_MESSAGE = 'The logo must be an image';

export function editValuesOf(brand: Brand): BrandEditValues {
  return {
    brand_name: brand.brand_name,
    brand_type: brand.brand_type ?? '',
    brand_size: brand.brand_size ?? '',
    phone_no: brand.phone_no ?? '',
    website_url: brand.website_url ?? '',
    instagram_url: brand.instagram_url ?? '',
    discord_url: brand.discord_url ?? '',
    X_url: brand.X_url ?? '',
    description: brand.description ?? '',
    slug: brand.slug ?? '',
    questions: (brand.application_questions ?? []).map((q) => ({
      id: q.id,
      label: q.label,
      type: q.type,
      required: q.required,
      options: (q.options ?? []).join('\n'),
    })),
    logo: null,
    removeLogo: false,
  };
}

export const toQuestions = (questions: QuestionValues[]): QuestionLike[] =>
  questions.map((q) => ({
    id: q.id,
    label: (q.label ?? '').trim(),
    type: q.type,
    required: q.required,
    ...(q.type === 'choice'
      ? {
          options: (q.options ?? '')
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean),
        }
      : {}),
  }));

export const brandEditSchema = brandSchema.omit(['brand_CAC']).shape({
  slug: yup
    .string()
    .trim()
    .required(MESSAGES.slugInvalid)
    .test('slug', MESSAGES.slugInvalid, (value) => !value || matchesPattern('slug', value)),
  questions: yup
    .array()
    .max(LIMITS.applicationQuestionsMax, `At most ${LIMITS.applicationQuestionsMax} questions`)
    .of(yup.object({ label: yup.string().trim().required('Write the question') }))
    .test('questions', (questions, context) => {
      const problem = questionsProblem(toQuestions((questions ?? []) as QuestionValues[]));
      return problem ? context.createError({ message: problem }) : true;
    }),
  logo: yup
    .mixed<File>()
    .nullable()
    .test('type', LOGO_TYPE_MESSAGE, (file) => !file || file.type.startsWith('image/')),
});

const orNull = (value: string) => value.trim() || null;

/** The fields that changed, as the PATCH body sends them (the logo file travels apart). */
export function changesOf(brand: Brand, values: BrandEditValues): BrandUpdate {
  const before = editValuesOf(brand);
  const body: BrandUpdate = {};
  if (values.brand_name.trim() !== before.brand_name) body.brand_name = values.brand_name.trim();
  if (values.brand_type !== before.brand_type) body.brand_type = values.brand_type || null;
  if (values.brand_size !== before.brand_size) body.brand_size = values.brand_size || null;
  for (const key of ['phone_no', 'instagram_url', 'discord_url', 'X_url', 'description'] as const)
    if (values[key].trim() !== before[key]) body[key] = orNull(values[key]);
  const website = withWebScheme(values.website_url);
  if (website !== before.website_url) body.website_url = orNull(website);
  if (values.slug.trim() !== before.slug) body.slug = values.slug.trim();
  const questions = toQuestions(values.questions);
  if (JSON.stringify(questions) !== JSON.stringify(toQuestions(before.questions)))
    body.application_questions = questions;
  if (values.removeLogo && !values.logo) body.logo = null;
  return body;
}
