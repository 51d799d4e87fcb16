import { FullWidth, NumberField, SelectField, TextAreaField, TextField } from 'shared-ui';
import { currencyOptions } from './productForm';
import { statusOptions } from './productStatus';

/** The fields both product forms share, inside a FormGrid. */
export function ProductCoreFields() {
  return (
    <>
      <FullWidth>
        <TextField name="name" label="Name" />
      </FullWidth>
      <NumberField name="price" label="Price" min={0} step={0.01} />
      <SelectField name="currency" label="Currency" options={currencyOptions} />
      <SelectField name="status" label="Status" options={statusOptions} />
      <TextField name="product_url" label="Product URL" type="url" placeholder="https://" />
      <FullWidth>
        <TextAreaField name="description" label="Description" rows={3} />
      </FullWidth>
    </>
  );
}
