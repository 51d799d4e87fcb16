import { useId, useState } from 'react';
import styled from 'styled-components';
import { Formik, Form } from 'formik';
import { object, string } from 'yup';
import type { BrandMemberView } from 'contract';
import { MESSAGES } from 'contract/rules';
import { BRAND_ROLE_LABELS, BRAND_ROLES, type BrandRole } from 'contract/teams';
import { fieldErrors, normaliseError, selectUser, useAppSelector } from 'shared-api';
import {
  Badge,
  Button,
  ErrorBanner,
  Panel,
  Select,
  SelectField,
  Stack,
  Text,
  TextField,
  formatDate,
  useToast,
} from 'shared-ui';
import { actionsColumn, Table, useConfirm, type TableColumn } from 'shared-ui/workspace';
import { useNavigate } from 'shared-ui/router';
import { BrandSectionHeader } from '../../components/BrandSectionHeader';
import { brandPage } from '../../components/brandPage';
import { PermittedButton } from '../../components/PermittedButton';
import { useBrandAccess } from '../../lib/brandRole';
import { brandPaths } from '../../paths';
import {
  useChangeMemberRoleMutation,
  useInviteMemberMutation,
  useListMembersQuery,
  useRemoveMemberMutation,
  useRevokeInvitationMutation,
  useSaveTeamSettingsMutation,
} from './teamApi';

const ROLE_OPTIONS = BRAND_ROLES.map((role) => ({ value: role, label: BRAND_ROLE_LABELS[role] }));

/** What each role may do, as the Team screen explains it. */
export const ROLE_SUMMARIES: Record<BrandRole, string> = {
  owner: 'Everything, including members and the two-factor requirement',
  admin: 'Everything but members: campaigns, products, review, payouts, API keys',
  finance: 'Review, payouts, payout settings and statistics; no campaign or product edits',
  analyst: 'Read-only: every screen and export, no change',
};

/** Brands → a brand → Team: members with their role, pending invitations, inviting. */
export const TeamPage = brandPage(Team);

function Team({ brandId }: { brandId: number }) {
  const team = useListMembersQuery(brandId);
  const access = useBrandAccess(brandId);
  const me = useAppSelector(selectUser);
  const toast = useToast();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [changeRole] = useChangeMemberRoleMutation();
  const [remove] = useRemoveMemberMutation();
  const [revoke] = useRevokeInvitationMutation();
  const manage = access.may('members');
  const refusal = access.why('members');

  const run = async (action: Promise<{ message?: string } | unknown>, done: string) => {
    try {
      await action;
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(normaliseError(error, 'That did not work'));
      return false;
    }
  };

  const askRemove = async (member: BrandMemberView) => {
    const leaving = member.user_id === me?.id;
    const sure = await confirm({
      title: leaving ? 'Leave this brand?' : `Remove ${member.username}?`,
      message: leaving
        ? 'You will no longer see this brand. An owner can invite you again.'
        : "They lose access at once. The brand's API keys and webhooks keep working.",
      tone: 'danger',
      confirmLabel: leaving ? 'Leave' : 'Remove',
    });
    if (!sure) return;
    const ok = await run(
      remove({ brandId, userId: member.user_id }).unwrap(),
      leaving ? 'You left the brand' : 'Member removed',
    );
    if (ok && leaving) navigate(brandPaths.brands);
  };

  const columns: TableColumn<BrandMemberView>[] = [
    { key: 'username', header: 'Member', render: (m) => m.username },
    { key: 'email', header: 'Email', render: (m) => m.email },
    {
      key: 'role',
      header: 'Role',
      render: (m) =>
        manage ? (
          <Select
            aria-label={`Role of ${m.username}`}
            value={m.role}
            options={ROLE_OPTIONS}
            onChange={(event) =>
              void run(
                changeRole({
                  brandId,
                  userId: m.user_id,
                  role: event.target.value as BrandRole,
                }).unwrap(),
                'Role changed',
              )
            }
          />
        ) : (
          <Badge tone={m.role === 'owner' ? 'success' : 'neutral'}>
            {BRAND_ROLE_LABELS[m.role]}
          </Badge>
        ),
    },
    actionsColumn((m) =>
      m.user_id === me?.id ? (
        <Button type="button" size="sm" variant="secondary" onClick={() => void askRemove(m)}>
          Leave
        </Button>
      ) : (
        <PermittedButton
          brandId={brandId}
          permission="members"
          type="button"
          size="sm"
          variant="danger"
          aria-label={`Remove ${m.username}`}
          onClick={() => void askRemove(m)}
        >
          Remove
        </PermittedButton>
      ),
    ),
  ];

  return (
    <>
      <BrandSectionHeader
        brandId={brandId}
        title="Team"
        subtitle={(name) =>
          name
            ? `Who runs ${name}, and what each may do.`
            : 'Who runs this brand, and what each may do.'
        }
      />
      <Stack gap={4}>
        <Panel title="Members" gap={3}>
          {team.isError ? (
            <ErrorBanner message="Failed to load the team" onRetry={() => void team.refetch()} />
          ) : (
            <Table
              columns={columns}
              rows={team.data?.members ?? []}
              getRowId={(m) => m.user_id}
              loading={team.isLoading}
              caption="Members"
            />
          )}
        </Panel>
        <Panel title="Invite someone" gap={3}>
          {manage ? (
            <InviteForm brandId={brandId} />
          ) : (
            <Text muted>{refusal ?? 'Only owners invite members.'}</Text>
          )}
          {(team.data?.invitations.length ?? 0) > 0 && (
            <PendingList aria-label="Pending invitations">
              {team.data?.invitations.map((invitation) => (
                <li key={invitation.id}>
                  <span>
                    {invitation.email} · {BRAND_ROLE_LABELS[invitation.role]} · until{' '}
                    {formatDate(invitation.expires_at)}
                  </span>
                  {manage && (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        void run(
                          revoke({ brandId, invitationId: invitation.id }).unwrap(),
                          'Invitation withdrawn',
                        )
                      }
                    >
                      Withdraw
                    </Button>
                  )}
                </li>
              ))}
            </PendingList>
          )}
        </Panel>
        <Panel title="Roles" gap={2}>
          <RoleTable>
            <tbody>
              {BRAND_ROLES.map((role) => (
                <tr key={role}>
                  <th scope="row">{BRAND_ROLE_LABELS[role]}</th>
                  <td>{ROLE_SUMMARIES[role]}</td>
                </tr>
              ))}
            </tbody>
          </RoleTable>
        </Panel>
        <TwoFactorRequirement
          brandId={brandId}
          required={team.data?.require_two_factor ?? false}
          twoFactorOn={me?.two_factor_enabled === true}
        />
      </Stack>
      {dialog}
    </>
  );
}

const inviteSchema = object({
  email: string().trim().required(MESSAGES.emailRequired).email(MESSAGES.emailInvalid),
  role: string()
    .oneOf([...BRAND_ROLES])
    .required(),
});

function InviteForm({ brandId }: { brandId: number }) {
  const [invite] = useInviteMemberMutation();
  const toast = useToast();
  return (
    <Formik
      initialValues={{ email: '', role: 'analyst' as BrandRole }}
      validationSchema={inviteSchema}
      onSubmit={async (values, { resetForm, setFieldError }) => {
        try {
          const reply = await invite({
            brandId,
            email: values.email.trim(),
            role: values.role,
          }).unwrap();
          toast.success(`Invitation sent to ${reply.invitation.email}`);
          resetForm();
        } catch (error) {
          // A refused address (already a member, not an email) is said under the field.
          const { email } = fieldErrors(error, ['email']);
          if (email) setFieldError('email', email);
          else toast.error(normaliseError(error, 'Failed to send the invitation'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <InviteRow>
            <TextField name="email" label="Email" type="email" autoComplete="off" />
            <SelectField name="role" label="Role" options={ROLE_OPTIONS} />
            <Button type="submit" loading={isSubmitting}>
              Send invitation
            </Button>
          </InviteRow>
          <Text size="sm" muted>
            The link in the email works once, for 7 days. They sign in, or sign up with this
            address, to join.
          </Text>
        </Form>
      )}
    </Formik>
  );
}

/** The owner's switch: members without two-factor sign-in cannot open the brand. */
function TwoFactorRequirement({
  brandId,
  required,
  twoFactorOn,
}: {
  brandId: number;
  required: boolean;
  twoFactorOn: boolean;
}) {
  const id = useId();
  const [save, { isLoading }] = useSaveTeamSettingsMutation();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const access = useBrandAccess(brandId);
  const why =
    access.why('members') ??
    (!required && !twoFactorOn
      ? 'Turn on two-factor sign-in for yourself first (Profile).'
      : undefined);
  return (
    <Panel title="Two-factor sign-in" gap={2}>
      <Text id={id}>
        {required
          ? 'Every member must sign in with two-factor to open this brand.'
          : 'Members may open this brand with a password alone.'}
      </Text>
      {error && <ErrorBanner message={error} />}
      <div title={why}>
        <Button
          type="button"
          variant="secondary"
          aria-describedby={id}
          disabled={why !== undefined}
          loading={isLoading}
          onClick={async () => {
            setError(null);
            try {
              await save({ brandId, require_two_factor: !required }).unwrap();
              toast.success(required ? 'Two-factor no longer required' : 'Two-factor required');
            } catch (failure) {
              setError(normaliseError(failure, 'Failed to save'));
            }
          }}
        >
          {required ? 'Stop requiring two-factor' : 'Require two-factor for all members'}
        </Button>
      </div>
    </Panel>
  );
}

const InviteRow = styled.div`
  display: grid;
  grid-template-columns: minmax(12rem, 2fr) minmax(8rem, 1fr) auto;
  gap: ${({ theme }) => theme.spacing(3)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.spacing(2)};
  @media (max-width: 40rem) {
    grid-template-columns: 1fr;
  }
`;

const PendingList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(2)};
  }
`;

const RoleTable = styled.table`
  border-collapse: collapse;
  th {
    text-align: left;
    padding: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(4)} ${theme.spacing(1)} 0`};
    white-space: nowrap;
  }
  td {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
