import { Form, Formik, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import type { AnySchema } from 'yup';
import { renderWithProviders } from '../test-utils';

/** Renders fields in a formik form with a Submit button; onSubmit receives the values. */
export function renderForm<V extends FormikValues>(
  fields: ReactNode,
  {
    initialValues,
    validationSchema,
    onSubmit = jest.fn(),
  }: { initialValues: V; validationSchema?: AnySchema; onSubmit?: (values: V) => void },
) {
  const result = renderWithProviders(
    <Formik
      initialValues={initialValues}
      validationSchema={validationSchema}
      onSubmit={(values) => onSubmit(values)}
    >
      <Form>
        {fields}
        <button type="submit">Submit</button>
      </Form>
    </Formik>,
  );
  return { ...result, onSubmit };
}
