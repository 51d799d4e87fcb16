// Brands: create, list, one brand.
import { Type, type Static } from 'typebox';
import { ActiveRoleValue, RoleNames } from './auth.js';
import { HttpUrl, NonBlankString, Nullable, PhoneNumber } from './common.js';
import { DateTime, NullableString, SuccessReply } from './replies.js';
import {
  APPLICATION_QUESTION_TYPES,
  BRAND_SIZES,
  BRAND_TYPES,
  LIMITS,
  PATTERNS,
} from './rules.js';

export const BrandTypeValue = Type.Enum(BRAND_TYPES);
export const BrandSizeValue = Type.Enum(BRAND_SIZES);

/** A brand's slug: its program page is /programs/{slug} (rules' PATTERNS.slug, unique). */
export const BrandSlug = Type.String({
  minLength: 3,
  maxLength: 48,
  pattern: PATTERNS.slug,
  description: "URL-safe name of the brand's program page, e.g. 'lumen-roast'",
});
export type BrandSlug = Static<typeof BrandSlug>;

/**
 * One question an applicant answers on the program page: free text, or one of `options` (a
 * choice question has 2 to 10 options; a text question has none). `id` keeps an answer tied to
 * its question when the brand reorders or rewords them.
 */
export const ApplicationQuestion = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }),
    label: NonBlankString(LIMITS.questionLabelMax),
    type: Type.Enum(APPLICATION_QUESTION_TYPES),
    required: Type.Boolean(),
    options: Type.Optional(
      Type.Array(NonBlankString(LIMITS.questionOptionMax), {
        maxItems: LIMITS.questionOptionsMax,
      }),
    ),
  },
  { additionalProperties: false },
);
export type ApplicationQuestion = Static<typeof ApplicationQuestion>;
export const ApplicationQuestions = Type.Array(ApplicationQuestion, {
  maxItems: LIMITS.applicationQuestionsMax,
  description: `At most ${LIMITS.applicationQuestionsMax} questions`,
});
export type ApplicationQuestions = Static<typeof ApplicationQuestions>;

/** An applicant's answer to one question (by its id): the text, or the chosen option. */
export const ApplicationAnswer = Type.Object(
  {
    question_id: Type.String({ minLength: 1, maxLength: 32 }),
    answer: Type.String({ maxLength: LIMITS.answerMax }),
  },
  { additionalProperties: false },
);
export type ApplicationAnswer = Static<typeof ApplicationAnswer>;
export const ApplicationAnswers = Type.Array(ApplicationAnswer, {
  maxItems: LIMITS.applicationQuestionsMax,
});
export type ApplicationAnswers = Static<typeof ApplicationAnswers>;

// questionsProblem and answersProblem (the checks beyond these shapes) are in rules.ts, which
// browser code imports at run time.
export { answersProblem, questionsProblem } from './rules.js';

/**
 * POST brand/create/, as JSON or as the text fields of a multipart form (same schema, same
 * messages). Every URL must be http(s): they are shown as links, so javascript: must not pass.
 */
export const BrandInput = Type.Object({
  brand_name: NonBlankString(255),
  brand_type: Type.Optional(BrandTypeValue),
  brand_size: Type.Optional(BrandSizeValue),
  phone_no: Type.Optional(PhoneNumber),
  website_url: Type.Optional(HttpUrl),
  instagram_url: Type.Optional(HttpUrl),
  discord_url: Type.Optional(HttpUrl),
  X_url: Type.Optional(HttpUrl),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
});
export type BrandInput = Static<typeof BrandInput>;

/**
 * PATCH brand/{id}/ (owner and admin), as JSON or as the text fields of a multipart form whose
 * file `logo` (an image) sets the logo: any of the creation fields, with the same rules and
 * messages, plus the program page's slug and the application questions. null clears an optional
 * field; `logo: null` removes the logo.
 */
export const BrandUpdate = Type.Object(
  {
    brand_name: Type.Optional(NonBlankString(255)),
    brand_type: Type.Optional(Nullable(BrandTypeValue)),
    brand_size: Type.Optional(Nullable(BrandSizeValue)),
    phone_no: Type.Optional(Nullable(PhoneNumber)),
    website_url: Type.Optional(Nullable(HttpUrl)),
    instagram_url: Type.Optional(Nullable(HttpUrl)),
    discord_url: Type.Optional(Nullable(HttpUrl)),
    X_url: Type.Optional(Nullable(HttpUrl)),
    description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
    slug: Type.Optional(BrandSlug),
    application_questions: Type.Optional(ApplicationQuestions),
    logo: Type.Optional(Type.Null({ description: 'null removes the logo' })),
  },
  { additionalProperties: false },
);
export type BrandUpdate = Static<typeof BrandUpdate>;

export const BrandView = Type.Object({
  id: Type.Integer(),
  brand_name: Type.String(),
  brand_type: Nullable(BrandTypeValue),
  brand_size: Nullable(BrandSizeValue),
  phone_no: NullableString,
  website_url: NullableString,
  instagram_url: NullableString,
  discord_url: NullableString,
  X_url: NullableString,
  description: NullableString,
  slug: Nullable(BrandSlug),
  logo: Nullable(Type.String({ description: 'Signed URL of the logo, valid for about an hour' })),
  application_questions: ApplicationQuestions,
  brand_CAC: Nullable(
    Type.String({
      description: 'Signed URL of the registration document, valid for about an hour',
    }),
  ),
  owner_id: Type.Integer(),
  created_at: DateTime(),
});
export type BrandView = Static<typeof BrandView>;

export const CreateBrandReply = SuccessReply({
  message: Type.String(),
  brand: BrandView,
  roles: RoleNames,
  active_role: ActiveRoleValue,
});
export type CreateBrandReply = Static<typeof CreateBrandReply>;

export const BrandListReply = SuccessReply({ brands: Type.Array(BrandView) });
export type BrandListReply = Static<typeof BrandListReply>;
export const BrandReply = SuccessReply({ brand: BrandView });
export type BrandReply = Static<typeof BrandReply>;
/** GET brand/{id}/ for a brand the caller may not see (the shape the brand screens read). */
export const BrandNotFoundReply = Type.Object({
  status: Type.Literal('error'),
  message: Type.String(),
  detail: Type.String(),
});
export type BrandNotFoundReply = Static<typeof BrandNotFoundReply>;
