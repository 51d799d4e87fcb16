import type { FormikErrors, FormikHelpers } from 'formik';
import { fieldErrors, normaliseError } from 'shared-api';
import { useToast } from 'shared-ui';
import type { AnyObject, ObjectSchema } from 'yup';

/**
 * The submit handler of an auth form whose fields the server checks again: runs `send`, and when
 * the server refuses, shows its message as a toast (`failure` when it gives none) and puts each
 * field's own message under the input of the same name (the schema's fields).
 */
export function useAuthSubmit<Values extends AnyObject>(
  schema: ObjectSchema<Values>,
  failure: string,
  send: (values: Values) => Promise<void>,
) {
  const toast = useToast();
  const fields = Object.keys(schema.fields) as (keyof Values & string)[];
  return async (values: Values, { setErrors }: FormikHelpers<Values>) => {
    try {
      await send(values);
    } catch (error) {
      toast.error(normaliseError(error, failure));
      setErrors(fieldErrors(error, fields) as FormikErrors<Values>);
    }
  };
}
