import { useNavigate } from 'shared-ui/router';
import { fieldErrors, normaliseError } from 'shared-api';
import type { FormikHelpers } from 'formik';
import {
  campaignTitle,
  useDeleteCampaignMutation,
  useUpdateCampaignMutation,
  type CampaignRecord,
} from 'shared-api/catalog';
import { ErrorBanner, PageHeader, PageLoader, useToast } from 'shared-ui';
import { useConfirm } from 'shared-ui/workspace';
import { BackLink } from '../../components/BackLink';
import { PermittedDelete } from '../../components/PermittedButton';
import { useRouteIds } from '../../lib/routeIds';
import { brandPaths } from '../../paths';
import { CampaignForm } from './CampaignForm';
import {
  CAMPAIGN_FORM_FIELDS,
  campaignValues,
  NO_TOKEN_FOR_CAMPAIGN,
  toCampaignFields,
  type CampaignFormValues,
} from './campaignForm';
import { useCampaign } from './useCampaign';
import { useHasAccessToken } from './useHasAccessToken';

/** Edit Campaign with Delete Campaign. */
export function EditCampaignPage() {
  const { brandId, campaignId } = useRouteIds();
  const { campaign, isLoading, isError } = useCampaign(campaignId, brandId);
  const back = (
    <BackLink to={brandId === null ? brandPaths.brands : brandPaths.campaigns(brandId)}>
      Back to Campaigns
    </BackLink>
  );

  let body;
  if (brandId === null || campaignId === null) body = <ErrorBanner message="Missing IDs in URL" />;
  else if (isLoading) body = <PageLoader label="Loading campaign" />;
  else if (isError || !campaign) body = <ErrorBanner message="Failed to load campaign" />;
  else body = <EditCampaign brandId={brandId} campaign={campaign} />;

  return (
    <>
      {back}
      {body}
    </>
  );
}

function EditCampaign({ brandId, campaign }: { brandId: number; campaign: CampaignRecord }) {
  const navigate = useNavigate();
  const toast = useToast();
  const hasToken = useHasAccessToken();
  const { confirm, dialog } = useConfirm();
  const [updateCampaign] = useUpdateCampaignMutation();
  const [deleteCampaign, { isLoading: deleting }] = useDeleteCampaignMutation();
  const listPath = brandPaths.campaigns(brandId);

  const submit = async (values: CampaignFormValues, helpers: FormikHelpers<CampaignFormValues>) => {
    if (!(await hasToken())) {
      toast.error(NO_TOKEN_FOR_CAMPAIGN);
      return;
    }
    try {
      const reply = await updateCampaign({
        id: campaign.id,
        fields: toCampaignFields(values, {
          sendEmptyProducts: true,
          storedForbidPaidAds: campaign.forbid_paid_ads,
          storedJoin: { join_mode: campaign.join_mode, auto_approve: campaign.auto_approve },
        }),
        video: values.video,
      }).unwrap();
      toast.success(reply.message ?? 'Campaign updated');
      if (reply.notice) toast.info(reply.notice);
      navigate(listPath);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to update campaign'));
      // And under the field the server names (a title over 255 characters, say).
      helpers.setErrors(fieldErrors(error, CAMPAIGN_FORM_FIELDS));
    }
  };

  const remove = async () => {
    const confirmed = await confirm({
      title: 'Delete campaign?',
      message: `${campaignTitle(campaign) || 'This campaign'} will end and disappear from advocates' lists.`,
      confirmLabel: 'Delete Campaign',
      tone: 'danger',
    });
    if (!confirmed) return;
    if (!(await hasToken())) {
      toast.error(NO_TOKEN_FOR_CAMPAIGN);
      return;
    }
    try {
      const reply = await deleteCampaign(campaign.id).unwrap();
      toast.success(reply.message ?? 'Campaign deleted');
      navigate(listPath);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to delete campaign'));
    }
  };

  return (
    <>
      <PageHeader
        title="Edit Campaign"
        subtitle={[campaignTitle(campaign), campaign.campaign_id].filter(Boolean).join(' · ')}
      />
      <CampaignForm
        brandId={brandId}
        initialValues={campaignValues(campaign)}
        onSubmit={submit}
        submitLabel="Save Changes"
        busyLabel="Saving..."
        disabled={deleting}
        actions={
          <PermittedDelete
            brandId={brandId}
            permission="catalog"
            loading={deleting}
            onDelete={remove}
          >
            Delete Campaign
          </PermittedDelete>
        }
      />
      {dialog}
    </>
  );
}
