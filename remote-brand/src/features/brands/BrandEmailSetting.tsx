import { useState } from 'react';
import { normaliseError } from 'shared-api';
import { Checkbox, ErrorBanner, Stack, Text, useToast } from 'shared-ui';
import { useBrandAccess } from '../../lib/brandRole';
import {
  useGetBrandNotificationSettingsQuery,
  useSaveBrandNotificationSettingsMutation,
} from './brandEmailApi';

const HELP_ID = 'brand-email-help';

/**
 * The brand's "Email me about this brand" switch. It saves as it is clicked: while the save is
 * on its way the box shows the new value and is disabled; a failed save puts it back and says why.
 * Members whose role may not change the brand see it disabled with the reason.
 */
export function BrandEmailSetting({ brandId }: { brandId: number }) {
  const { data, isLoading, isError, refetch } = useGetBrandNotificationSettingsQuery(brandId);
  const [save] = useSaveBrandNotificationSettingsMutation();
  const [pending, setPending] = useState<boolean | null>(null);
  const access = useBrandAccess(brandId);
  const toast = useToast();

  if (isLoading) return <Text muted>Loading email settings...</Text>;
  if (isError || !data) {
    return <ErrorBanner message="Failed to load email settings" onRetry={() => void refetch()} />;
  }
  const checked = pending ?? data.email;

  const change = async (email: boolean) => {
    setPending(email);
    try {
      await save({ brandId, email }).unwrap();
      toast.success(email ? 'Brand emails turned on' : 'Brand emails turned off');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to save email settings'));
    }
    setPending(null);
  };

  return (
    <Stack gap={1}>
      <Checkbox
        label="Email me about this brand"
        checked={checked}
        aria-describedby={HELP_ID}
        aria-busy={pending !== null}
        disabled={pending !== null || !access.may('catalog')}
        title={access.why('catalog')}
        onChange={(event) => void change(event.target.checked)}
      />
      <Text size="sm" muted id={HELP_ID}>
        New advocates joining, and a daily summary when sales wait for review
      </Text>
      {pending !== null && (
        <Text size="sm" muted role="status">
          Saving...
        </Text>
      )}
    </Stack>
  );
}
