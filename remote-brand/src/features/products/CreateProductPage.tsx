import { Form, Formik } from 'formik';
import { Link, useNavigate } from 'shared-ui/router';
import { normaliseError } from 'shared-api';
import { useCreateProductMutation } from './productsApi';
import { useState } from 'react';
import {
  Button,
  Card,
  ErrorBanner,
  FormActions,
  FormGrid,
  PageHeader,
  Stack,
  TextField,
} from 'shared-ui';
import { PermittedSubmit } from '../../components/PermittedButton';
import { BackLink } from '../../components/BackLink';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { ProductCoreFields } from './ProductCoreFields';
import {
  createProductSchema,
  newProductValues,
  toCreateProductInput,
  type ProductFormValues,
} from './productForm';

/** Create Product: on success, back to the brand's products. */
export function CreateProductPage() {
  const { brandId } = useRouteIds();
  const navigate = useNavigate();
  const [createProduct] = useCreateProductMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const listPath = brandId === null ? brandPaths.brands : brandPaths.products(brandId);

  const submit = async (values: ProductFormValues) => {
    setFailure(null);
    try {
      await createProduct(toCreateProductInput(values, brandId)).unwrap();
      navigate(listPath);
    } catch (error) {
      setFailure(normaliseError(error, 'Failed to create product'));
    }
  };

  return (
    <>
      <BackLink to={listPath}>Back to Products</BackLink>
      <PageHeader title="Create Product" subtitle="Add a product that campaigns can promote." />
      <Stack gap={4}>
        {/* A failed create shows in a red block above the form. */}
        {failure && <ErrorBanner message={failure} />}
        <Card>
          <Formik
            initialValues={newProductValues()}
            validationSchema={createProductSchema}
            onSubmit={submit}
          >
            {() => (
              <Form noValidate aria-label="Create product">
                <FormGrid>
                  <ProductCoreFields />
                  <TextField name="image_url" label="Image URL" type="url" placeholder="https://" />
                  <TextField name="unique_id" label="Unique ID (optional)" />
                  <TextField name="source_product_id" label="Source product ID (optional)" />
                </FormGrid>
                <FormActions>
                  <Button as={Link} to={listPath} variant="secondary">
                    Cancel
                  </Button>
                  <PermittedSubmit brandId={brandId} permission="catalog" busyLabel="Creating...">
                    Create Product
                  </PermittedSubmit>
                </FormActions>
              </Form>
            )}
          </Formik>
        </Card>
      </Stack>
    </>
  );
}
