import { FieldArray, Form, Formik, useFormikContext } from 'formik';
import { LIMITS } from 'contract/rules';
import { BRAND_SIZES, BRAND_TYPES, fieldErrors, normaliseError, type Brand } from 'shared-api';
import {
  Button,
  CheckboxField,
  FileField,
  FormActions,
  FormGrid,
  FullWidth,
  SelectField,
  Stack,
  Text,
  TextAreaField,
  TextField,
  useToast,
} from 'shared-ui';
import styled from 'styled-components';
import { PermittedSubmit } from '../../components/PermittedButton';
import { useUpdateBrandMutation } from './brandEditApi';
import {
  brandEditSchema,
  changesOf,
  editValuesOf,
  type BrandEditValues,
  type QuestionValues,
} from './brandEditForm';

const typeOptions = BRAND_TYPES.map((type) => ({
  value: type,
  label: type === 'company' ? 'Company' : 'Product',
}));
const sizeOptions = BRAND_SIZES.map((size) => ({ value: size, label: `${size} employees` }));
const QUESTION_TYPES = [
  { value: 'text', label: 'Text answer' },
  { value: 'choice', label: 'One of a list' },
];

/** The fields a server refusal may name, each shown under its input. */
const FIELDS = [
  'brand_name',
  'brand_type',
  'brand_size',
  'phone_no',
  'website_url',
  'instagram_url',
  'discord_url',
  'X_url',
  'description',
  'slug',
  'logo',
] as const;

const newQuestion = (): QuestionValues => ({
  id: `q${Date.now().toString(36)}`,
  label: '',
  type: 'text',
  required: false,
  options: '',
});

/**
 * Edits the brand (owner and admin): the details of its creation, its program page's address
 * (/programs/{slug}), logo and the questions applicants answer. Sends only what changed.
 */
export function BrandEditForm({ brand, onDone }: { brand: Brand; onDone: () => void }) {
  const [update] = useUpdateBrandMutation();
  const toast = useToast();
  return (
    <Formik<BrandEditValues>
      initialValues={editValuesOf(brand)}
      validationSchema={brandEditSchema}
      onSubmit={async (values, { setFieldError }) => {
        const changes = changesOf(brand, values);
        if (Object.keys(changes).length === 0 && !values.logo) return onDone();
        try {
          await update({ brandId: brand.id, changes, logo: values.logo }).unwrap();
          toast.success('Brand saved');
          onDone();
        } catch (error) {
          const errors = fieldErrors(error, [...FIELDS, 'application_questions']);
          const named = Object.entries(errors);
          for (const [field, message] of named)
            setFieldError(field === 'application_questions' ? 'questions' : field, message);
          if (named.length === 0) toast.error(normaliseError(error, 'Failed to save the brand'));
        }
      }}
    >
      <Form noValidate aria-label="Edit brand">
        <FormGrid>
          <TextField name="brand_name" label="Brand name" required />
          <TextField
            name="slug"
            label="Program page address"
            hint="Lower-case letters, digits and hyphens: /programs/your-address"
          />
          <SelectField name="brand_type" label="Brand type" placeholder="Not specified" options={typeOptions} />
          <SelectField name="brand_size" label="Brand size" placeholder="Not specified" options={sizeOptions} />
          <TextField name="phone_no" label="Phone number" type="tel" />
          <TextField
            name="website_url"
            label="Website"
            type="url"
            hint="https:// is added when you leave it out."
          />
          <TextField name="instagram_url" label="Instagram URL" type="url" />
          <TextField name="discord_url" label="Discord URL" type="url" />
          <TextField name="X_url" label="X URL" type="url" />
          <LogoFields hasLogo={brand.logo !== null} />
          <FullWidth>
            <TextAreaField name="description" label="Description" rows={4} />
          </FullWidth>
          <FullWidth>
            <Questions />
          </FullWidth>
        </FormGrid>
        <FormActions>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <PermittedSubmit brandId={brand.id} permission="catalog" busyLabel="Saving...">
            Save brand
          </PermittedSubmit>
        </FormActions>
      </Form>
    </Formik>
  );
}

function LogoFields({ hasLogo }: { hasLogo: boolean }) {
  return (
    <Stack gap={2}>
      <FileField name="logo" label="Logo (an image, at most 2 MB)" accept="image/*" />
      {hasLogo && <CheckboxField name="removeLogo" label="Remove the current logo" />}
    </Stack>
  );
}

/** Up to 5 questions applicants answer on the program page. */
function Questions() {
  const { values, errors } = useFormikContext<BrandEditValues>();
  const problem = typeof errors.questions === 'string' ? errors.questions : undefined;
  return (
    <FieldArray name="questions">
      {({ push, remove }) => (
        <Stack gap={3} as="fieldset">
          <Legend>Application questions</Legend>
          {values.questions.length === 0 && <Text muted>Applicants answer no questions.</Text>}
          {values.questions.map((question, index) => (
            <QuestionRow key={question.id} aria-label={`Settings of question ${index + 1}`}>
              <TextField name={`questions.${index}.label`} label={`Question ${index + 1}`} />
              <SelectField name={`questions.${index}.type`} label="Answer" options={QUESTION_TYPES} />
              {question.type === 'choice' && (
                <TextAreaField
                  name={`questions.${index}.options`}
                  label="Choices, one per line"
                  rows={3}
                />
              )}
              <CheckboxField name={`questions.${index}.required`} label="Required" />
              <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)}>
                Remove question {index + 1}
              </Button>
            </QuestionRow>
          ))}
          {problem && (
            <Problem role="alert">{problem}</Problem>
          )}
          <div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={values.questions.length >= LIMITS.applicationQuestionsMax}
              onClick={() => push(newQuestion())}
            >
              Add a question
            </Button>
          </div>
        </Stack>
      )}
    </FieldArray>
  );
}

const Legend = styled.legend`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  padding: 0;
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

const QuestionRow = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
`;
