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
import { Button, ErrorBanner, useToast } from 'shared-ui';
import { AuthHeader } from '../../components/AuthHeader';
import { FormFooter } from '../../components/AuthForm';
import { useAcceptInvitationMutation } from '../../api/invitationsApi';
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

  useEffect(() => {
    if (token) holdInvitation(token);
  }, [token]);

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

  if (!signedIn)
    return (
      <section>
        <AuthHeader title="Join a brand">
          Sign in, or create an account with the email address the invitation was sent to. You come
          back here to accept it.
        </AuthHeader>
        <Button as={Link} to={AUTH_PATHS.login} fullWidth>
          Sign in
        </Button>
        <FormFooter>
          New here? <Link to={AUTH_PATHS.signup}>Create an account</Link>
        </FormFooter>
      </section>
    );

  return (
    <section>
      <AuthHeader title="Join a brand">
        You were invited to help run a brand. Accept as <strong>{user?.email}</strong>?
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
