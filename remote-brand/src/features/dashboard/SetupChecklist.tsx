import { useState } from 'react';
import { campaignTitle, useListBrandCampaignsQuery, type CampaignRecord } from 'shared-api/catalog';
import { Button, Cluster, Panel, PlainList, Text, VisuallyHidden } from 'shared-ui';
import { CopyButton } from 'shared-ui/workspace';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { brandPaths } from '../../paths';
import { useListPaymentsQuery } from './paymentsApi';
import {
  useSetupPayoutCountQuery,
  useSetupPayoutSettingsQuery,
  useSetupProductCountQuery,
  useSetupStripeConnectedQuery,
} from './setupApi';

/** A live campaign that pays something: advocates can find, join and earn from it. */
const paysAReward = (c: CampaignRecord) =>
  c.status === 'active' &&
  (c.commission_value > 0 ||
    Object.values(c.event_rewards ?? {}).some((rule) => (rule?.commission_value ?? 0) > 0));

interface Step {
  label: string;
  done: boolean;
  to: string;
  /** What the step's link says while it is not done. */
  action: string;
}

/** Every day since the product began: "a first conversion" is any, not this period's. */
const EVER = { since: '2020-01-01', until: '2999-12-31' };

/**
 * A new brand's first steps, each ticked from real data and linking to its screen: a product, a
 * live campaign with a reward, tracking installed (a first sale or a connected Stripe account)
 * and payout settings (saved once, whatever the values, or a first payout made). Once all four
 * are done it turns into the next steps (inviting advocates), until dismissed.
 */
export function SetupChecklist({ brandId, tz }: { brandId: number; tz: string }) {
  const options = { refetchOnMountOrArgChange: true } as const;
  const products = useSetupProductCountQuery(brandId, options);
  const campaigns = useListBrandCampaignsQuery(brandId, options);
  const sales = useListPaymentsQuery({ page: 1, brandId, tz, ...EVER, perPage: 1 }, options);
  const stripe = useSetupStripeConnectedQuery(brandId, options);
  const payouts = useSetupPayoutCountQuery(brandId, options);
  const settings = useSetupPayoutSettingsQuery(brandId, options);

  const answered = [products, campaigns, sales, payouts, settings].every((q) => q.isSuccess);
  // Until every answer is in, nothing is said: a checklist that flashes and vanishes helps no one.
  if (!answered) return null;

  const steps: Step[] = [
    {
      label: 'Add a product',
      done: (products.data ?? 0) > 0,
      to: brandPaths.createProduct(brandId),
      action: 'Add product',
    },
    {
      label: 'Publish a campaign with a reward',
      done: (campaigns.data ?? []).some(paysAReward),
      to: brandPaths.createCampaign(brandId),
      action: 'Create campaign',
    },
    {
      label: 'Install tracking: a first sale reported, or Stripe connected',
      done: (sales.data?.meta.total ?? 0) > 0 || stripe.data === true,
      to: brandPaths.apiKeys(brandId),
      action: 'Get the tracking script',
    },
    {
      label: 'Choose your payout settings (hold period and minimum)',
      // Saved is chosen, the defaults included.
      done: (payouts.data ?? 0) > 0 || (settings.data?.saved_at ?? null) !== null,
      to: brandPaths.payoutSettings(brandId),
      action: 'Payout settings',
    },
  ];
  const left = steps.filter((step) => !step.done).length;
  if (left === 0) {
    const live = (campaigns.data ?? []).find(paysAReward);
    return live ? <NextSteps brandId={brandId} campaign={live} /> : null;
  }

  return (
    <Spaced title="Set up your brand">
      <Text size="sm" muted>
        {steps.length - left} of {steps.length} done. Each step ticks itself once it is true.
      </Text>
      <PlainList gap={2} aria-label="Setup steps">
        {steps.map((step) => (
          <Item key={step.label} data-done={step.done || undefined}>
            <Mark aria-hidden="true">{step.done ? '✓' : '○'}</Mark>
            <span>
              {step.label}
              <VisuallyHidden>{step.done ? ' (done)' : ' (to do)'}</VisuallyHidden>
            </span>
            {!step.done && <Link to={step.to}>{step.action}</Link>}
          </Item>
        ))}
      </PlainList>
    </Spaced>
  );
}

const dismissKey = (brandId: number) => `setup-next-steps-dismissed:${brandId}`;

/**
 * What comes after set-up: advocates. There is no public program page yet, so the way in is the
 * campaign's own page, where a signed-in advocate joins and gets their links.
 */
function NextSteps({ brandId, campaign }: { brandId: number; campaign: CampaignRecord }) {
  const [dismissed, setDismissed] = useState(() => readFlag(dismissKey(brandId)));
  if (dismissed) return null;
  const joinLink = `${window.location.origin}${advocatePathOf(campaign.id)}`;
  const dismiss = () => {
    writeFlag(dismissKey(brandId));
    setDismissed(true);
  };
  return (
    <Spaced
      title="Your brand is set up: next steps"
      actions={
        <Button variant="ghost" size="sm" onClick={dismiss}>
          Dismiss
        </Button>
      }
    >
      <PlainList gap={3} aria-label="Next steps">
        <Item>
          <span>
            <strong>Invite advocates</strong>: send them the page of{' '}
            {campaignTitle(campaign) || 'your campaign'}, where they sign in, join and get their
            share links.
          </span>
          <Cluster gap={2} align="center">
            <code>{joinLink}</code>
            <CopyButton text={joinLink} />
          </Cluster>
        </Item>
        <Item>
          <span>
            <strong>Share your program</strong>: a public program page is not available yet; the
            campaign link above is the page to share.
          </span>
        </Item>
        <Item>
          <span>
            <strong>Watch who joins</strong>: new advocates appear in your notifications and on{' '}
            <Link to={`${brandPaths.advocates}?brand_id=${brandId}`}>Advocates</Link>.
          </span>
        </Item>
      </PlainList>
    </Spaced>
  );
}

/** The advocate workspace's campaign page (remote-advocate's paths; areas share no modules). */
const advocatePathOf = (campaignId: number) => `/advocate/campaigns/${campaignId}`;

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(key: string): void {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // Storage disabled: dismissed for this visit only.
  }
}

const Spaced = styled(Panel)`
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(3)}`};
  color: ${({ theme }) => theme.colors.text};

  &[data-done] {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  &[data-done] > span:first-child {
    color: ${({ theme }) => theme.colors.success};
  }

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

const Mark = styled.span`
  flex: none;
  width: 1.25em;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-align: center;
`;
