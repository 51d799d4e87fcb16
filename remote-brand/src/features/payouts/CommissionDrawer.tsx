import type { ReviewDetail, TimelineEntry } from 'contract';
import { useState } from 'react';
import { normaliseError } from 'shared-api';
import {
  Badge,
  Cluster,
  ErrorBanner,
  formatDateTime,
  Input,
  LabelledControl,
  NetAmount,
  Spinner,
  Stack,
  Text,
  useToast,
} from 'shared-ui';
import { Drawer } from 'shared-ui/workspace';
import styled from 'styled-components';
import { PermittedButton } from '../../components/PermittedButton';
import { holdReasonText } from './holdReasons';
import {
  useGetReviewDetailQuery,
  useReopenConversionMutation,
  useReviewConversionsMutation,
} from './payoutsApi';
import { REVIEW_STATUS_LABEL, reviewDay } from './reviewWords';

/** What each step of a commission's life is called on its timeline. */
const KIND_LABEL: Record<TimelineEntry['kind'], string> = {
  click: 'Click',
  conversion: 'Conversion',
  provider_event: 'Payment provider',
  fraud_rule: 'Fraud rule matched',
  hold: 'Hold',
  decision: 'Decision',
  payout: 'Payout',
};


/** A fraud rule's entry names the rule (contract HOLD_REASONS): it is told in words. */
const titleOf = (entry: TimelineEntry) =>
  entry.kind === 'fraud_rule' ? holdReasonText(entry.title) : entry.title;

export interface CommissionDrawerProps {
  brandId: number;
  /** The conversion shown, or null when the drawer is closed. */
  conversionId: number | null;
  onClose: () => void;
}

/**
 * One commission: its sale, its reward and its timeline (click, conversion, provider events,
 * fraud rules with their evidence, holds and decisions with who made them), and the decision:
 * approve, reject with a reason, release a held one, or reopen a rejected one while unpaid.
 */
export function CommissionDrawer({ brandId, conversionId, onClose }: CommissionDrawerProps) {
  return (
    <Drawer open={conversionId !== null} onClose={onClose} title="Commission" maxWidth={520}>
      {conversionId !== null && (
        <CommissionDetail brandId={brandId} conversionId={conversionId} key={conversionId} />
      )}
    </Drawer>
  );
}

function CommissionDetail({ brandId, conversionId }: { brandId: number; conversionId: number }) {
  const detail = useGetReviewDetailQuery({ brandId, conversionId });
  if (detail.isError)
    return (
      <ErrorBanner message="Failed to load the commission" onRetry={() => void detail.refetch()} />
    );
  if (!detail.data) return <Spinner label="Loading" />;
  return <Detail brandId={brandId} item={detail.data} />;
}

function Detail({ brandId, item }: { brandId: number; item: ReviewDetail }) {
  const [reason, setReason] = useState('');
  const [review, { isLoading: moving }] = useReviewConversionsMutation();
  const [reopen, { isLoading: reopening }] = useReopenConversionMutation();
  const toast = useToast();
  const undecided = item.status === 'pending' || item.status === 'held';

  const decide = async (action: 'approve' | 'reject' | 'release') => {
    if (action === 'reject' && reason.trim() === '') {
      toast.error('A reason is required to reject');
      return;
    }
    try {
      const reply = await review({
        brandId,
        action,
        conversion_ids: [item.conversion_id],
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }).unwrap();
      const done = { approve: 'approved', reject: 'rejected', release: 'released' }[action];
      if (reply.moved.length === 1) toast.success(`Commission ${done}`);
      else toast.error('This commission was already decided');
      setReason('');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to review the commission'));
    }
  };

  const undo = async () => {
    try {
      await reopen({
        brandId,
        conversionId: item.conversion_id,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }).unwrap();
      toast.success('Commission reopened for review');
      setReason('');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to reopen the commission'));
    }
  };

  return (
    <Stack gap={4}>
      <Facts>
        <dt>Order</dt>
        <dd>{item.conversion_ref}</dd>
        <dt>Advocate</dt>
        <dd>
          {item.advocate} <Muted>{item.email}</Muted>
        </dd>
        <dt>Campaign</dt>
        <dd>{item.campaign_title ?? `#${item.campaign_id}`}</dd>
        <dt>Sale</dt>
        <dd>
          <NetAmount amount={item.value} refunded={item.refunded_value} currency={item.currency} />
        </dd>
        <dt>Reward</dt>
        <dd>
          <NetAmount
            amount={item.reward_amount}
            refunded={item.refunded_reward}
            currency={item.currency}
          />
        </dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={item.status === 'rejected' ? 'danger' : 'neutral'}>
            {REVIEW_STATUS_LABEL[item.status]}
          </Badge>
          {item.rejection_reason && <Muted>{item.rejection_reason}</Muted>}
        </dd>
        <dt>Reported</dt>
        <dd>{reviewDay(item.created_at)}</dd>
      </Facts>

      <section aria-label="Timeline">
        <Text weight="semibold">Timeline</Text>
        <Timeline>
          {item.timeline.map((entry, i) => (
            <li key={i}>
              <Text size="sm" muted>
                {formatDateTime(entry.at)} · {KIND_LABEL[entry.kind]}
                {entry.actor ? ` · by ${entry.actor}` : ''}
              </Text>
              <div>{titleOf(entry)}</div>
              {entry.detail && <Muted>{entry.detail}</Muted>}
            </li>
          ))}
        </Timeline>
      </section>

      {(undecided || item.reopenable) && (
        <Stack gap={2}>
          <LabelledControl label="Reason" htmlFor="commission-reason">
            <Input
              id="commission-reason"
              value={reason}
              maxLength={500}
              placeholder={undecided ? 'Required to reject' : 'Why it is reopened (optional)'}
              onChange={(e) => setReason(e.target.value)}
            />
          </LabelledControl>
          <Cluster>
            {undecided ? (
              <>
                <PermittedButton
                  brandId={brandId}
                  permission="review"
                  loading={moving}
                  onClick={() => void decide('approve')}
                >
                  Approve
                </PermittedButton>
                {item.status === 'held' && (
                  <PermittedButton
                    brandId={brandId}
                    permission="review"
                    variant="secondary"
                    loading={moving}
                    onClick={() => void decide('release')}
                  >
                    Release to hold period
                  </PermittedButton>
                )}
                <PermittedButton
                  brandId={brandId}
                  permission="review"
                  variant="danger"
                  loading={moving}
                  onClick={() => void decide('reject')}
                >
                  Reject
                </PermittedButton>
              </>
            ) : (
              <PermittedButton
                brandId={brandId}
                permission="review"
                variant="secondary"
                loading={reopening}
                onClick={() => void undo()}
              >
                Reopen
              </PermittedButton>
            )}
          </Cluster>
        </Stack>
      )}
    </Stack>
  );
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(3)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Timeline = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.spacing(2)} 0 0;
  padding: 0 0 0 ${({ theme }) => theme.spacing(3)};
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Muted = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;
