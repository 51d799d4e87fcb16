import { useNavigate } from 'shared-ui/router';
import { fieldErrors, normaliseError } from 'shared-api';
import type { FormikHelpers } from 'formik';
import { useCreateCampaignMutation } from 'shared-api/catalog';
import { ErrorBanner, PageHeader, useToast } from 'shared-ui';
import { BackLink } from '../../components/BackLink';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { CampaignForm } from './CampaignForm';
import {
  CAMPAIGN_FORM_FIELDS,
  newCampaignValues,
  NO_TOKEN_FOR_CAMPAIGN,
  toCampaignFields,
  type CampaignFormValues,
} from './campaignForm';
import { useHasAccessToken } from './useHasAccessToken';

/** Create Campaign. */
export function CreateCampaignPage() {
  const { brandId } = useRouteIds();
  const navigate = useNavigate();
  const toast = useToast();
  const hasToken = useHasAccessToken();
  const [createCampaign] = useCreateCampaignMutation();

  if (brandId === null) {
    return (
      <>
        <BackLink to={brandPaths.brands}>Back to Brands</BackLink>
        <ErrorBanner message="Missing brand id in URL" />
      </>
    );
  }

  const submit = async (values: CampaignFormValues, helpers: FormikHelpers<CampaignFormValues>) => {
    if (!(await hasToken())) {
      toast.error(NO_TOKEN_FOR_CAMPAIGN);
      return;
    }
    try {
      const reply = await createCampaign({
        brand: brandId,
        ...toCampaignFields(values),
        video: values.video,
      }).unwrap();
      toast.success(reply.message ?? 'Campaign created');
      // Saved as a draft (no title or no reward): say what it needs to go live.
      if (reply.notice) toast.info(reply.notice);
      navigate(brandPaths.campaigns(brandId));
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to create campaign'));
      // And under the field the server names (a title over 255 characters, say).
      helpers.setErrors(fieldErrors(error, CAMPAIGN_FORM_FIELDS));
    }
  };

  return (
    <>
      <BackLink to={brandPaths.campaigns(brandId)}>Back to Campaigns</BackLink>
      <PageHeader
        title="Create Campaign"
        subtitle="Every field is optional; fill in what advocates should know."
      />
      <CampaignForm
        brandId={brandId}
        initialValues={newCampaignValues()}
        onSubmit={submit}
        submitLabel="Create Campaign"
        busyLabel="Creating..."
      />
    </>
  );
}
