import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'shared-ui/router';
import {
  authApi,
  normaliseError,
  selectIsAuthenticated,
  selectUser,
  useAppDispatch,
  useAppSelector,
} from 'shared-api';
import { BRAND_ROLE_LABELS } from 'contract/teams';
import type { InvitationDetailsReply } from 'contract';
import { Button, ErrorBanner, Spinner, useToast } from 'shared-ui';
import styled from 'styled-components';
import { AuthHeader } from '../../components/AuthHeader';
import { useAcceptInvitationMutation, useInvitationDetailsQuery } from '../../api/invitationsApi';
import { AUTH_PATHS } from '../../paths';
import { forgetInvitation, holdInvitation } from './pendingInvitation';

/**
 * /auth/invitation?token=…, the link of a brand invitation email. Signed in, it accepts the
 * invitation; signed out, it keeps the link for this tab and asks to sign in or sign up with the
 * invited address (both come back here afterwards).
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [accept, { isLoading, error }] = useAcceptInvitationMutation();
  const details = useInvitationDetailsQuery(token, { skip: !token });

  useEffect(() => {
    if (token) holdInvitation(token);
  }, [token]);
  const spent = details.data !== undefined && details.data.state !== 'pending';
  useEffect(() => {
    // A used or expired link is not where signing in should return.
    if (spent) forgetInvitation();
  }, [spent]);

  if (!token)
    return (
      <section>
        <AuthHeader title="Join a brand">This invitation link is incomplete.</AuthHeader>
        <ErrorBanner message="Open the link from the invitation email again." />
      </section>
    );

  const join = async () => {
    try {
      const joined = await accept({ token }).unwrap();
      forgetInvitation();
      // Joining granted Brand Owner: make it this session's role, so the brand area opens.
      await dispatch(
        authApi.endpoints.setActiveRole.initiate({ role: 'brand_owner' }, { track: false }),
      );
      toast.success(`You joined ${joined.brand_name} as ${joined.role}`);
      navigate(`/brand/brands/${joined.brand_id}`, { replace: true });
    } catch {
      // Shown below from the mutation's error; a used or expired link is not kept.
      forgetInvitation();
    }
  };

  if (details.isLoading) return <Spinner label="Loading invitation" />;
  if (details.error || !details.data)
    return (
      <section>
        <AuthHeader title="Join a brand">This invitation cannot be opened.</AuthHeader>
        <ErrorBanner message={normaliseError(details.error, 'This invitation link is not valid')} />
      </section>
    );
  const invitation = details.data;
  const title = `Join ${invitation.brand_name}`;
  if (invitation.state !== 'pending')
    return (
      <section>
        <AuthHeader title={title}>
          <InvitationSummary invitation={invitation} />
        </AuthHeader>
        <ErrorBanner
          message={
            invitation.state === 'expired'
              ? 'This invitation has expired. Ask for a new one.'
              : 'This invitation has already been used'
          }
        />
      </section>
    );

  if (!signedIn)
    return (
      <section>
        <AuthHeader title={title}>
          <InvitationSummary invitation={invitation} /> Sign in, or create an account with{' '}
          <strong>{invitation.email}</strong>, to accept it: you come back here afterwards.
        </AuthHeader>
        <Choices>
          <Button as={Link} to={AUTH_PATHS.login} fullWidth>
            Sign in
          </Button>
          {/* Sign-up starts with the invited address, the only one that may accept. */}
          <Button
            as={Link}
            to={AUTH_PATHS.signup}
            state={{ email: invitation.email }}
            variant="secondary"
            fullWidth
          >
            Create an account
          </Button>
        </Choices>
      </section>
    );

  return (
    <section>
      <AuthHeader title={title}>
        <InvitationSummary invitation={invitation} /> Accept as <strong>{user?.email}</strong>?
      </AuthHeader>
      {error ? (
        <ErrorBanner message={normaliseError(error, 'Could not accept the invitation')} />
      ) : null}
      <Button type="button" fullWidth loading={isLoading} onClick={join}>
        Accept invitation
      </Button>
    </section>
  );
}

/** "Ada Obi invited you to help run Lumen Roast as Finance." */
function InvitationSummary({ invitation }: { invitation: InvitationDetailsReply }) {
  return (
    <>
      <strong>{invitation.inviter}</strong> invited you to help run{' '}
      <strong>{invitation.brand_name}</strong> as{' '}
      <strong>{BRAND_ROLE_LABELS[invitation.role]}</strong>.
    </>
  );
}

const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
`;
