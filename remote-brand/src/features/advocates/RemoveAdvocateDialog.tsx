import { Form, Formik } from 'formik';
import { fieldErrors, normaliseError } from 'shared-api';
import { Button, SelectField, Stack, Text, TextAreaField, useToast } from 'shared-ui';
import { Modal } from 'shared-ui/workspace';
import { useRemoveAdvocateMutation } from './advocatesApi';
import {
  ACTION_OPTIONS,
  PENDING_OPTIONS,
  removalSchema,
  type RemovalValues,
} from './removalForm';

interface Props {
  open: boolean;
  onClose: () => void;
  advocate: { id: number; name: string };
  /** The brands the advocate may be removed from (the user manages them). */
  brands: { brand_id: number; brand_name: string }[];
  /** Picked already (the profile is narrowed to a brand, or there is one). */
  brandId: number | null;
  /** After the removal: the brand they were removed from. */
  onRemoved: (brandId: number) => void;
}

/**
 * Confirms Remove Affiliate: which brand (when several), remove or ban, the reason the advocate
 * is told, and what becomes of their pending rewards. Approved and paid ones are never touched.
 */
export function RemoveAdvocateDialog({ open, onClose, advocate, brands, brandId, onRemoved }: Props) {
  const [remove] = useRemoveAdvocateMutation();
  const toast = useToast();
  const initial: RemovalValues = {
    brandId: brandId === null ? (brands.length === 1 ? String(brands[0].brand_id) : '') : String(brandId),
    action: 'remove',
    reason: '',
    pending: 'keep',
  };
  return (
    <Formik
      initialValues={initial}
      enableReinitialize
      validationSchema={removalSchema}
      onSubmit={async (values, { setFieldError }) => {
        const target = Number(values.brandId);
        try {
          await remove({
            brandId: target,
            advocateId: advocate.id,
            ban: values.action === 'ban',
            reason: values.reason.trim(),
            pending: values.pending,
          }).unwrap();
          toast.success(values.action === 'ban' ? `${advocate.name} banned` : `${advocate.name} removed`);
          onRemoved(target);
        } catch (error) {
          const errors = fieldErrors(error, ['reason', 'pending']);
          if (errors.reason) setFieldError('reason', errors.reason);
          else if (errors.pending) setFieldError('pending', errors.pending);
          else toast.error(normaliseError(error, 'Failed to remove the advocate'));
        }
      }}
    >
      {({ isSubmitting, values, submitForm }) => (
        <Modal
          open={open}
          title={`Remove ${advocate.name}?`}
          onClose={isSubmitting ? () => undefined : onClose}
          footer={
            <>
              <Button type="button" variant="secondary" disabled={isSubmitting} onClick={onClose}>
                Cancel
              </Button>
              <Button
                type="button"
                variant="danger"
                loading={isSubmitting}
                onClick={() => void submitForm()}
              >
                {values.action === 'ban' ? 'Ban advocate' : 'Remove advocate'}
              </Button>
            </>
          }
        >
          <Form noValidate aria-label="Remove advocate">
            <Stack gap={3}>
              <Text muted>
                They leave every campaign of the brand: their links still lead to your product but
                earn nothing. Approved and paid commissions stay as they are. You can restore them
                later.
              </Text>
              {brandId === null && brands.length > 1 && (
                <SelectField
                  name="brandId"
                  label="Brand"
                  placeholder="Choose a brand"
                  options={brands.map((b) => ({ value: String(b.brand_id), label: b.brand_name }))}
                />
              )}
              <SelectField name="action" label="What happens" options={ACTION_OPTIONS} />
              <TextAreaField name="reason" label="Reason" rows={3} hint="The advocate is told." />
              <SelectField name="pending" label="Pending commissions" options={PENDING_OPTIONS} />
            </Stack>
          </Form>
        </Modal>
      )}
    </Formik>
  );
}
