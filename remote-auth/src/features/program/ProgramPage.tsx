import { useMemo, useState } from 'react';
import { Formik } from 'formik';
import { object, string, type AnyObject, type ObjectSchema } from 'yup';
import styled from 'styled-components';
import { Link, useParams } from 'shared-ui/router';
import {
  registerUser,
  selectIsAuthenticated,
  selectRoles,
  setPendingEmail,
  upgradeToAdvocate,
  useAppDispatch,
  useAppSelector,
  normaliseError,
} from 'shared-api';
import {
  useApplyToProgramMutation,
  useGetProgramQuery,
  type ApplyReply,
  type ProgramPageReply,
} from 'shared-api/catalog';
import type { ApplicationQuestion } from 'contract';
import {
  Badge,
  Button,
  ErrorBanner,
  Logo,
  SelectField,
  Spinner,
  TextAreaField,
  TextField,
  ThemeToggle,
} from 'shared-ui';
import { AuthForm, FormFooter, SubmitButton } from '../../components/AuthForm';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useAuthSubmit } from '../../components/useAuthSubmit';
import { AUTH_PATHS } from '../../paths';
import { SIGNUP_INITIAL_VALUES, signupSchema } from '../signup/signupSchema';

type Campaign = ProgramPageReply['campaigns'][number];

export const JOIN_MODE_LABELS: Record<Campaign['join_mode'], string> = {
  open: 'Open',
  application: 'Apply',
  invite_only: 'Invite only',
};

const NEEDS_ANSWER = 'This question needs an answer';
const answerField = (question: ApplicationQuestion) => `answer_${question.id}`;

/** The answers' rules: required ones must be filled, a choice must be one of its options. */
function answersSchema(questions: readonly ApplicationQuestion[]) {
  const rules = questions.map((question) => {
    const base = string().trim().max(2000, 'At most 2000 characters');
    const rule =
      question.type === 'choice'
        ? base.oneOf(['', ...(question.options ?? [])], 'Pick one of the options')
        : base;
    return [answerField(question), question.required ? rule.required(NEEDS_ANSWER) : rule];
  });
  return object(Object.fromEntries(rules));
}

/**
 * /programs/{slug}: a brand's public program page (the server draws its first paint from the
 * same data). Each campaign says what it pays and how to join; Apply opens the application with
 * the brand's questions, and a signed-out visitor signs up in the same form (the sign-up rules
 * of /auth/signup) and becomes an advocate.
 */
export function ProgramPage() {
  const { slug = '' } = useParams();
  const program = useGetProgramQuery(slug, { skip: !slug });
  const [chosen, setChosen] = useState<Campaign | null>(null);
  const [outcome, setOutcome] = useState<{ campaign: Campaign; reply: ApplyReply } | null>(null);

  let content;
  if (program.isLoading) content = <Spinner label="Loading the program" />;
  else if (program.error || !program.data)
    content = (
      <>
        <h1>Program not found</h1>
        <ErrorBanner message={normaliseError(program.error, 'This program page does not exist')} />
      </>
    );
  else {
    const page = program.data;
    content = (
      <>
        <BrandRow>
          {page.brand.logo ? <BrandLogo src={page.brand.logo} alt="" /> : null}
          <div>
            <h1>{page.brand.name}</h1>
            <Muted>Partner program</Muted>
          </div>
        </BrandRow>
        {page.brand.description ? <p>{page.brand.description}</p> : null}
        {outcome ? (
          <Outcome brand={page.brand.name} {...outcome} />
        ) : chosen ? (
          <ApplyForm
            page={page}
            campaign={chosen}
            onCancel={() => setChosen(null)}
            onDone={(reply) => setOutcome({ campaign: chosen, reply })}
          />
        ) : (
          <>
            <h2>Open campaigns</h2>
            {page.campaigns.length === 0 ? (
              <Muted>No campaigns are open right now.</Muted>
            ) : (
              <CampaignList>
                {page.campaigns.map((campaign) => (
                  <li key={campaign.id}>
                    <CampaignTop>
                      <strong>{campaign.title}</strong>
                      <Badge>{JOIN_MODE_LABELS[campaign.join_mode]}</Badge>
                    </CampaignTop>
                    <Pays>{campaign.pays}</Pays>
                    {campaign.description ? <Muted>{campaign.description}</Muted> : null}
                    {campaign.join_mode === 'invite_only' ? (
                      <Muted>Only advocates the brand invites can join.</Muted>
                    ) : (
                      <div>
                        <Button type="button" onClick={() => setChosen(campaign)}>
                          {campaign.join_mode === 'open'
                            ? `Join ${campaign.title}`
                            : `Apply to ${campaign.title}`}
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </CampaignList>
            )}
          </>
        )}
      </>
    );
  }

  return (
    <Page>
      <Top>
        <Link to="/" aria-label="Home">
          <Logo />
        </Link>
        <ThemeToggle />
      </Top>
      <Main>{content}</Main>
    </Page>
  );
}

function ApplyForm({
  page,
  campaign,
  onCancel,
  onDone,
}: {
  page: ProgramPageReply;
  campaign: Campaign;
  onCancel: () => void;
  onDone: (reply: ApplyReply) => void;
}) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const roles = useAppSelector(selectRoles);
  const [apply] = useApplyToProgramMutation();
  const questions = campaign.join_mode === 'application' ? page.questions : [];

  const schema = useMemo(() => {
    const answers = answersSchema(questions);
    return (signedIn
      ? answers
      : answers.concat(signupSchema)) as unknown as ObjectSchema<AnyObject>;
  }, [questions, signedIn]);
  const initialValues = useMemo(
    () => ({
      ...(signedIn ? {} : SIGNUP_INITIAL_VALUES),
      ...Object.fromEntries(questions.map((q) => [answerField(q), ''])),
    }),
    [questions, signedIn],
  );

  const submit = useAuthSubmit(schema, 'Could not send the application', async (values) => {
    if (!signedIn) {
      const email = String(values.email).trim();
      await dispatch(
        registerUser({
          username: String(values.username).trim(),
          email,
          password: String(values.password),
          password_confirmation: String(values.password_confirmation),
        }),
      ).unwrap();
      dispatch(setPendingEmail(email));
    }
    if (!signedIn || !roles.includes('Advocate')) await dispatch(upgradeToAdvocate()).unwrap();
    const reply = await apply({
      slug: page.brand.slug,
      campaign_id: campaign.id,
      answers: questions
        .map((q) => ({ question_id: q.id, answer: String(values[answerField(q)] ?? '').trim() }))
        .filter((a) => a.answer !== ''),
    }).unwrap();
    onDone(reply);
  });

  return (
    <section aria-labelledby="apply-heading">
      <h2 id="apply-heading">
        {campaign.join_mode === 'open' ? 'Join' : 'Apply to'} {campaign.title}
      </h2>
      <Pays>{campaign.pays}</Pays>
      <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
        <AuthForm>
          {questions.map((question) =>
            question.type === 'choice' ? (
              <SelectField
                key={question.id}
                name={answerField(question)}
                label={question.required ? question.label : `${question.label} (optional)`}
                placeholder="Choose one"
                options={(question.options ?? []).map((option) => ({
                  value: option,
                  label: option,
                }))}
              />
            ) : (
              <TextAreaField
                key={question.id}
                name={answerField(question)}
                label={question.required ? question.label : `${question.label} (optional)`}
              />
            ),
          )}
          {signedIn ? null : (
            <>
              <Muted>Create your advocate account to send it.</Muted>
              <TextField name="username" label="Username" autoComplete="username" />
              <TextField name="email" label="Email" type="email" autoComplete="email" />
              <NewPasswordFields />
            </>
          )}
          <SubmitButton busy="Sending...">
            {campaign.join_mode === 'open' ? 'Join campaign' : 'Send application'}
          </SubmitButton>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Back to the campaigns
          </Button>
          {signedIn ? null : (
            <FormFooter>
              Already have an account? <Link to={AUTH_PATHS.login}>Log in</Link>, then come back to
              this page.
            </FormFooter>
          )}
        </AuthForm>
      </Formik>
    </section>
  );
}

function Outcome({
  brand,
  campaign,
  reply,
}: {
  brand: string;
  campaign: Campaign;
  reply: ApplyReply;
}) {
  if (reply.status === 'pending')
    return (
      <section role="status">
        <h2>Application sent</h2>
        <p>
          {brand} reviews your application to {campaign.title}. You will get a notification and an
          email when they decide; your share links come with the approval.
        </p>
        <Button as={Link} to={`/advocate/campaigns/${campaign.id}`}>
          See the campaign
        </Button>
      </section>
    );
  if (reply.status === 'rejected')
    return (
      <section role="status">
        <h2>Application declined</h2>
        <p>
          {brand} declined your application to {campaign.title}
          {reply.reason ? `: ${reply.reason}` : '.'}
        </p>
      </section>
    );
  return (
    <section role="status">
      <h2>You joined {campaign.title}</h2>
      <p>Share your links; each sale they bring pays {campaign.pays}.</p>
      <LinkList aria-label="Your share links">
        {reply.share_links.map((link) => (
          <li key={link.url}>
            <code>{link.url}</code>
          </li>
        ))}
      </LinkList>
      <Button as={Link} to={`/advocate/campaigns/${campaign.id}`}>
        Open the campaign
      </Button>
    </section>
  );
}

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Top = styled.header`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 20px 32px;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    padding: 12px 16px;
  }
`;

const Main = styled.main`
  width: 100%;
  max-width: 880px;
  margin: 0 auto;
  padding: 16px 32px 64px;
  display: grid;
  gap: ${({ theme }) => theme.spacing(5)};
  box-sizing: border-box;
  h1 {
    margin: 0;
    font-size: 28px;
    line-height: 1.25;
    overflow-wrap: anywhere;
  }
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    padding: 8px 16px 48px;
    h1 {
      font-size: 22px;
    }
  }
`;

const BrandRow = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
`;

const BrandLogo = styled.img`
  width: 64px;
  height: 64px;
  border-radius: 12px;
  object-fit: cover;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Pays = styled.p`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

const CampaignList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  li {
    display: grid;
    gap: 8px;
    padding: 16px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 12px;
    background: ${({ theme }) => theme.colors.surface};
    overflow-wrap: anywhere;
  }
`;

const CampaignTop = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  align-items: center;
`;

const LinkList = styled.ul`
  margin: 0;
  padding-left: 20px;
  code {
    overflow-wrap: anywhere;
  }
`;
