import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { Link, useNavigate } from 'shared-ui/router';
import { normaliseError, type Product } from 'shared-api';
import {
  useDeleteProductMutation,
  useGetProductQuery,
  useUpdateProductMutation,
} from './productsApi';
import {
  Button,
  Card,
  ErrorBanner,
  FormActions,
  FormGrid,
  NumberField,
  padId,
  PageHeader,
  PageLoader,
  Stack,
  useToast,
} from 'shared-ui';
import { PermittedDelete, PermittedSubmit } from '../../components/PermittedButton';
import { useConfirm } from 'shared-ui/workspace';
import { BackLink } from '../../components/BackLink';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { ProductCoreFields } from './ProductCoreFields';
import { productValues, toUpdateProductInput, type ProductFormValues } from './productForm';

/** Manage Product: load, then save or delete; no client validation. */
export function ManageProductPage() {
  const { brandId, productId } = useRouteIds();
  const {
    data: product,
    isLoading,
    isError,
  } = useGetProductQuery(productId ?? 0, {
    skip: productId === null,
  });
  const listPath = brandId === null ? brandPaths.brands : brandPaths.products(brandId);

  let body;
  if (isLoading) body = <PageLoader label="Loading product" />;
  else if (productId === null || isError || !product)
    body = <ErrorBanner message="Failed to load product" />;
  else body = <ManageProductForm product={product} listPath={listPath} brandId={brandId} />;

  return (
    <>
      <BackLink to={listPath}>Back to Products</BackLink>
      <PageHeader
        title="Manage Product"
        subtitle={product ? `PID ${padId(product.id, 4)} · ${product.name}` : undefined}
      />
      {body}
    </>
  );
}

function ManageProductForm({
  product,
  listPath,
  brandId,
}: {
  product: Product;
  listPath: string;
  /** Saving and deleting need the catalog permission on this brand. */
  brandId: number | null;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [updateProduct, { isLoading: saving }] = useUpdateProductMutation();
  const [deleteProduct, { isLoading: deleting }] = useDeleteProductMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // Both buttons need the catalog permission, and neither works while the other is busy.
  const catalog = { brandId, permission: 'catalog', disabled: saving || deleting } as const;

  const fail = (error: unknown, fallback: string) => {
    const message = normaliseError(error, fallback);
    setFailure(message);
    toast.error(message);
  };

  const save = async (values: ProductFormValues, form: FormikHelpers<ProductFormValues>) => {
    setFailure(null);
    try {
      const reply = await updateProduct(toUpdateProductInput(product.id, values)).unwrap();
      // What the server stored (e.g. a rounded price) becomes the form's new starting point.
      if (reply.product) form.resetForm({ values: productValues(reply.product) });
      toast.success(reply.message ?? 'Product updated');
    } catch (error) {
      fail(error, 'Failed to update product');
    }
  };

  const remove = async () => {
    const confirmed = await confirm({
      title: 'Delete product?',
      message: `${product.name} will no longer be listed or offered in campaigns.`,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!confirmed) return;
    setFailure(null);
    try {
      const reply = await deleteProduct(product.id).unwrap();
      toast.success(reply.message ?? 'Product deleted');
      navigate(listPath);
    } catch (error) {
      fail(error, 'Failed to delete product');
    }
  };

  return (
    <Stack gap={4}>
      {failure && <ErrorBanner message={failure} />}
      <Card>
        <Formik initialValues={productValues(product)} onSubmit={save}>
          <Form noValidate aria-label="Manage product">
            <FormGrid>
              <ProductCoreFields />
              <NumberField
                name="brand_id"
                label="Brand ID"
                min={1}
                step={1}
                hint="Optional - move product to brand"
              />
            </FormGrid>
            <FormActions>
              <Button as={Link} to={listPath} variant="ghost">
                Back
              </Button>
              <PermittedDelete {...catalog} loading={deleting} onDelete={remove}>
                Delete
              </PermittedDelete>
              <PermittedSubmit {...catalog} loading={saving} busyLabel="Saving...">
                Save Changes
              </PermittedSubmit>
            </FormActions>
          </Form>
        </Formik>
      </Card>
      {dialog}
    </Stack>
  );
}
