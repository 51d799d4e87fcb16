import { Form, Formik } from 'formik';
import { useNavigate } from 'shared-ui/router';
import { BRAND_SIZES, BRAND_TYPES, normaliseError, useAppDispatch } from 'shared-api';
import { BRAND_CREATE_FAILED, createBrandAsOwner } from 'shared-api/catalog';
import {
  Button,
  Card,
  FileField,
  FormActions,
  FormGrid,
  FullWidth,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  useToast,
} from 'shared-ui';
import { brandPaths } from '../../paths';
import {
  brandSchema,
  CAC_ACCEPT,
  CAC_LABEL,
  emptyBrandForm,
  toCreateBrandInput,
  type BrandFormValues,
} from './brandSchema';

const typeOptions = BRAND_TYPES.map((type) => ({
  value: type,
  label: type === 'company' ? 'Company' : 'Product',
}));
const sizeOptions = BRAND_SIZES.map((size) => ({ value: size, label: `${size} employees` }));

/**
 * 'Create Your Brand'. On success the user is a brand owner with the brand role
 * active, so the dashboard's guard lets them in.
 */
export function CreateBrandPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();

  const submit = async (values: BrandFormValues) => {
    try {
      await dispatch(createBrandAsOwner(toCreateBrandInput(values))).unwrap();
      toast.success('Brand application successful');
      navigate(brandPaths.dashboard, { replace: true });
    } catch (error) {
      toast.error(normaliseError(error, BRAND_CREATE_FAILED));
    }
  };

  return (
    <>
      <PageHeader
        title="Create Your Brand"
        subtitle="Tell advocates who you are. Only the brand name is required."
      />
      <Card>
        <Formik initialValues={emptyBrandForm} validationSchema={brandSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            // noValidate: yup gives the server's validation messages, not the browser's bubbles.
            <Form noValidate aria-label="Create brand">
              <FormGrid>
                <FullWidth>
                  <TextField name="brand_name" label="Brand name" autoComplete="organization" />
                </FullWidth>
                <SelectField
                  name="brand_type"
                  label="Brand type"
                  placeholder="Select a type"
                  options={typeOptions}
                />
                <SelectField
                  name="brand_size"
                  label="Brand size"
                  placeholder="Select a size"
                  options={sizeOptions}
                />
                <TextField name="phone_no" label="Phone number" type="tel" autoComplete="tel" />
                <TextField
                  name="website_url"
                  label="Website"
                  type="url"
                  placeholder="example.com"
                  hint="https:// is added when you leave it out."
                />
                <TextField name="instagram_url" label="Instagram URL" type="url" />
                <TextField name="discord_url" label="Discord URL" type="url" />
                <TextField name="X_url" label="X URL" type="url" />
                <FileField
                  name="brand_CAC"
                  label={CAC_LABEL}
                  accept={CAC_ACCEPT}
                  hint="Your company's registration certificate (called a CAC document in Nigeria)."
                />
                <FullWidth>
                  <TextAreaField name="description" label="Description" rows={4} />
                </FullWidth>
              </FormGrid>
              <FormActions>
                <Button type="submit" loading={isSubmitting}>
                  {isSubmitting ? 'Creating...' : 'Create Brand'}
                </Button>
              </FormActions>
            </Form>
          )}
        </Formik>
      </Card>
    </>
  );
}
