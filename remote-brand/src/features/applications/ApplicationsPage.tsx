import { useId, useState } from 'react';
import styled from 'styled-components';
import type { ApplicationSignal, ApplicationStatus } from 'contract';
import { APPLICATION_STATUSES } from 'contract/rules';
import { normaliseError } from 'shared-api';
import {
  useApproveApplicationMutation,
  useListApplicationsQuery,
  useRejectApplicationMutation,
  type ApplicationView,
} from 'shared-api/catalog';
import {
  Badge,
  Button,
  ErrorBanner,
  Input,
  LabelledControl,
  Panel,
  Select,
  Text,
  useToast,
  formatDate,
} from 'shared-ui';
import { Modal, Table, type TableColumn } from 'shared-ui/workspace';
import { BrandSectionHeader } from '../../components/BrandSectionHeader';
import { brandPage } from '../../components/brandPage';
import { PermittedButton } from '../../components/PermittedButton';
import { useListGroupsQuery } from '../groups/groupsApi';
import { InviteAdvocates } from './InviteAdvocates';

/** Brands → a brand → Applications: who applied to which campaign, what they answered. */
export const ApplicationsPage = brandPage(Applications);

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const SIGNAL_LABELS: Record<ApplicationSignal, string> = {
  unverified_email: 'Email not verified',
  disposable_email: 'Disposable email domain',
  self_referral: "Same address or company domain as the brand's team",
};

function Applications({ brandId }: { brandId: number }) {
  const statusId = useId();
  const [status, setStatus] = useState<ApplicationStatus>('pending');
  const list = useListApplicationsQuery({ brandId, status });
  const [rejecting, setRejecting] = useState<ApplicationView | null>(null);

  const columns: TableColumn<ApplicationView>[] = [
    {
      key: 'advocate',
      header: 'Advocate',
      render: (a) => (
        <Stacked>
          <strong>{a.advocate.username}</strong>
          <Text size="sm" muted>
            {a.advocate.email}
          </Text>
        </Stacked>
      ),
    },
    { key: 'campaign', header: 'Campaign', render: (a) => a.campaign.title || `#${a.campaign.id}` },
    {
      key: 'answers',
      header: 'Answers',
      render: (a) =>
        a.answers.length === 0 ? (
          <Text size="sm" muted>
            No answers
          </Text>
        ) : (
          <Answers>
            {a.answers.map((answer) => (
              <div key={answer.question_id}>
                <dt>{answer.label}</dt>
                <dd>{answer.answer}</dd>
              </div>
            ))}
          </Answers>
        ),
    },
    {
      key: 'signals',
      header: 'Fraud signals',
      render: (a) =>
        a.fraud_signals.length === 0 ? (
          <Text size="sm" muted>
            None
          </Text>
        ) : (
          <Stacked>
            {a.fraud_signals.map((signal) => (
              <Badge key={signal} tone="warning">
                {SIGNAL_LABELS[signal]}
              </Badge>
            ))}
          </Stacked>
        ),
    },
    { key: 'applied', header: 'Applied', render: (a) => formatDate(a.created_at) },
    {
      key: 'decision',
      header: status === 'pending' ? 'Decide' : 'Decision',
      render: (a) =>
        a.status === 'pending' ? (
          <Decide brandId={brandId} application={a} onReject={() => setRejecting(a)} />
        ) : a.status === 'rejected' ? (
          <Text size="sm">{a.reason ? `Rejected: ${a.reason}` : 'Rejected'}</Text>
        ) : (
          <Text size="sm">{a.auto_approved ? 'Approved automatically' : 'Approved'}</Text>
        ),
    },
  ];

  return (
    <>
      <BrandSectionHeader
        brandId={brandId}
        title="Applications"
        subtitle={(name) =>
          `Advocates who applied to ${name ?? 'the brand'}'s campaigns, with their answers.`
        }
      />
      <Panel title="Applications" gap={3}>
        <LabelledControl label="Status" htmlFor={statusId}>
          <Select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as ApplicationStatus)}
            options={APPLICATION_STATUSES.map((value) => ({
              value,
              label: STATUS_LABELS[value],
            }))}
          />
        </LabelledControl>
        {list.isError ? (
          <ErrorBanner
            message={normaliseError(list.error, 'Failed to load the applications')}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <Table
            caption="Applications"
            columns={columns}
            rows={list.data ?? []}
            loading={list.isLoading}
            emptyText={`No ${STATUS_LABELS[status].toLowerCase()} applications.`}
          />
        )}
      </Panel>
      <InviteAdvocates brandId={brandId} />
      {rejecting ? (
        <RejectDialog
          brandId={brandId}
          application={rejecting}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </>
  );
}

/** Approve (into a group when the brand has more than its default one) or open Reject. */
function Decide({
  brandId,
  application,
  onReject,
}: {
  brandId: number;
  application: ApplicationView;
  onReject: () => void;
}) {
  const toast = useToast();
  const groupId = useId();
  const groups = useListGroupsQuery(brandId).data ?? [];
  const [group, setGroup] = useState('');
  const [approve, approving] = useApproveApplicationMutation();
  const name = application.advocate.username;
  const onApprove = async () => {
    try {
      await approve({
        brandId,
        id: application.id,
        ...(group ? { group_id: Number(group) } : {}),
      }).unwrap();
      toast.success(`${name} approved: they joined ${application.campaign.title}`);
    } catch (error) {
      toast.error(normaliseError(error, 'Could not approve'));
    }
  };
  return (
    <Stacked>
      {groups.length > 1 ? (
        <LabelledControl label="Group" htmlFor={groupId}>
          <Select
            id={groupId}
            value={group}
            onChange={(event) => setGroup(event.target.value)}
            options={[
              { value: '', label: 'Their current group' },
              ...groups.map((g) => ({ value: String(g.id), label: g.name })),
            ]}
          />
        </LabelledControl>
      ) : null}
      <Actions>
        <PermittedButton
          brandId={brandId}
          permission="catalog"
          size="sm"
          loading={approving.isLoading}
          onClick={onApprove}
          aria-label={`Approve ${name}`}
        >
          Approve
        </PermittedButton>
        <PermittedButton
          brandId={brandId}
          permission="catalog"
          size="sm"
          variant="secondary"
          onClick={onReject}
          aria-label={`Reject ${name}`}
        >
          Reject
        </PermittedButton>
      </Actions>
    </Stacked>
  );
}

function RejectDialog({
  brandId,
  application,
  onClose,
}: {
  brandId: number;
  application: ApplicationView;
  onClose: () => void;
}) {
  const reasonId = useId();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [reject, rejecting] = useRejectApplicationMutation();
  const missing = reason.trim() === '';
  const submit = async () => {
    setTouched(true);
    if (missing) return;
    try {
      await reject({ brandId, id: application.id, reason: reason.trim() }).unwrap();
      toast.success(`${application.advocate.username}'s application rejected`);
      onClose();
    } catch (error) {
      toast.error(normaliseError(error, 'Could not reject'));
    }
  };
  return (
    <Modal
      open
      title={`Reject ${application.advocate.username}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={rejecting.isLoading} onClick={submit}>
            Reject application
          </Button>
        </>
      }
    >
      <LabelledControl
        label="Reason (the advocate reads it)"
        htmlFor={reasonId}
        error={touched && missing ? 'A reason is required' : undefined}
      >
        <Input
          id={reasonId}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </LabelledControl>
    </Modal>
  );
}

const Stacked = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(1)};
  justify-items: start;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Answers = styled.dl`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing(1)};
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
