import { Formik } from 'formik';
import { Link, useNavigate, useSearchParams } from 'shared-ui/router';
import {
  normaliseError,
  registerUser,
  selectIsAuthenticated,
  selectRoles,
  setPendingEmail,
  upgradeToAdvocate,
  useAppDispatch,
  useAppSelector,
} from 'shared-api';
import {
  useAcceptAdvocateInvitationMutation,
  useGetAdvocateInvitationQuery,
} from 'shared-api/catalog';
import { Button, ErrorBanner, Spinner, TextField, useToast } from 'shared-ui';
import { AuthForm, FormFooter, SubmitButton } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useAuthSubmit } from '../../components/useAuthSubmit';
import { AUTH_PATHS } from '../../paths';
import { SIGNUP_INITIAL_VALUES, signupSchema } from '../signup/signupSchema';

/**
 * /auth/advocate-invitation?token=…, the link of a brand's invitation to one of its campaigns.
 * Signed in, Join accepts it (the account becomes an advocate if it was not); signed out, the
 * visitor signs up right here, with any address, and joins. No approval either way.
 */
export function AdvocateInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useAppSelector(selectIsAuthenticated);
  const roles = useAppSelector(selectRoles);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const details = useGetAdvocateInvitationQuery(token, { skip: !token });
  const [accept, accepting] = useAcceptAdvocateInvitationMutation();

  const join = async () => {
    if (!roles.includes('Advocate')) await dispatch(upgradeToAdvocate()).unwrap();
    const joined = await accept(token).unwrap();
    toast.success('You joined the campaign');
    navigate(`/advocate/campaigns/${joined.campaign_id}`, { replace: true });
  };
  const signUpAndJoin = useAuthSubmit(signupSchema, 'Could not join', async (values) => {
    const email = values.email.trim();
    await dispatch(registerUser({ ...values, username: values.username.trim(), email })).unwrap();
    dispatch(setPendingEmail(email));
    await dispatch(upgradeToAdvocate()).unwrap();
    const joined = await accept(token).unwrap();
    toast.success('You joined the campaign');
    navigate(`/advocate/campaigns/${joined.campaign_id}`, { replace: true });
  });

  if (!token || details.error)
    return (
      <section>
        <AuthHeader title="Join a campaign">This invitation cannot be opened.</AuthHeader>
        <ErrorBanner
          message={normaliseError(details.error, 'Open the link from the invitation email again.')}
        />
      </section>
    );
  if (details.isLoading || !details.data) return <Spinner label="Loading invitation" />;
  const invitation = details.data;
  const title = `Join ${invitation.campaign.title || 'the campaign'}`;
  const intro = (
    <>
      <strong>{invitation.brand_name}</strong> invites you to promote{' '}
      <strong>{invitation.campaign.title}</strong>; you join without applying.
    </>
  );
  if (invitation.state !== 'pending')
    return (
      <section>
        <AuthHeader title={title}>{intro}</AuthHeader>
        <ErrorBanner
          message={
            invitation.state === 'expired'
              ? 'This invitation has expired. Ask the brand for a new one.'
              : 'This invitation has already been used'
          }
        />
      </section>
    );
  if (signedIn)
    return (
      <section>
        <AuthHeader title={title}>{intro}</AuthHeader>
        {accepting.error ? (
          <ErrorBanner message={normaliseError(accepting.error, 'Could not join')} />
        ) : null}
        <Button
          type="button"
          fullWidth
          loading={accepting.isLoading}
          onClick={() => join().catch(() => undefined)}
        >
          Join campaign
        </Button>
      </section>
    );
  return (
    <section>
      <AuthHeader title={title}>{intro} Create your advocate account to join.</AuthHeader>
      <Formik
        initialValues={{ ...SIGNUP_INITIAL_VALUES, email: invitation.email }}
        validationSchema={signupSchema}
        onSubmit={signUpAndJoin}
      >
        <AuthForm>
          <TextField name="username" label="Username" autoComplete="username" />
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <NewPasswordFields />
          <SubmitButton busy="Joining...">Sign up and join</SubmitButton>
          <FormFooter>
            Already have an account? <Link to={AUTH_PATHS.login}>Log in</Link>, then open the link
            again.
          </FormFooter>
        </AuthForm>
      </Formik>
    </section>
  );
}
