import { useFormikContext } from 'formik';
import styled from 'styled-components';
import { campaignTitle, type CampaignRecord } from 'shared-api/catalog';
import { FormGrid, SelectField, Text, TextField, truncate } from 'shared-ui';
import type { TesterValues } from './testerForm';
import { useBrandCampaigns } from './useBrandCampaigns';

// Campaign descriptions are cut at 60 characters in the tester.
const DESCRIPTION_CHARS = 60;

function campaignOption(campaign: CampaignRecord) {
  const title = campaignTitle(campaign) || `Campaign ${campaign.id}`;
  const description = truncate(campaign.description, DESCRIPTION_CHARS);
  return {
    value: String(campaign.id),
    label: `#${campaign.id} ${title}${description ? ` — ${description}` : ''}`,
  };
}

/**
 * Brand, campaign, product and advocate. Each picker and its id box edit the same value, so
 * a developer can pick from the brand's campaigns or type an id the list does not have.
 */
export function TargetFields() {
  const { values } = useFormikContext<TesterValues>();
  const { campaigns, isFetching, isError } = useBrandCampaigns(values.brandId);
  const campaign = campaigns.find((c) => String(c.id) === values.campaignId.trim());
  const products = campaign?.products ?? [];

  const brandHint = isError
    ? 'Could not load this brand’s campaigns'
    : isFetching
      ? 'Loading campaigns…'
      : values.brandId && campaigns.length === 0
        ? 'No campaigns for this brand'
        : 'Sent as X-Brand-Id; loads the brand’s campaigns';

  return (
    <FormGrid>
      <TextField name="brandId" label="brand_id" inputMode="numeric" hint={brandHint} />
      <TextField
        name="advocateId"
        label="Advocate id (affiliateId)"
        inputMode="numeric"
        hint="Needed to track; optional when joining (another advocate needs staff)"
      />
      <SelectField
        name="campaignId"
        label="Campaign"
        placeholder={campaigns.length ? 'Choose a campaign' : 'Enter a brand_id first'}
        options={campaigns.map(campaignOption)}
        disabled={campaigns.length === 0}
      />
      <TextField name="campaignId" id="campaignId-manual" label="Campaign id" inputMode="numeric" />
      <SelectField
        name="productId"
        label="Product"
        placeholder={products.length ? 'Choose a product' : 'No products to choose'}
        options={products.map((p) => ({
          value: String(p.id),
          label: `#${p.id} ${p.name}`.trim(),
        }))}
        disabled={products.length === 0}
      />
      <TextField name="productId" id="productId-manual" label="Product id" inputMode="numeric" />
      {campaign?.description && (
        <Description size="sm" muted>
          {truncate(campaign.description, DESCRIPTION_CHARS)}
        </Description>
      )}
    </FormGrid>
  );
}

const Description = styled(Text)`
  grid-column: 1 / -1;
`;
