import { Megaphone, Store } from 'lucide-react';
import { useNavigate } from 'shared-ui/router';
import styled from 'styled-components';
import { BRAND_CREATE_PATH, selectFirstName, selectUser, useAppSelector } from 'shared-api';
import { PageHeader, autoGrid } from 'shared-ui';
import { VerifyEmailPrompt } from '../verify-email/VerifyEmailPrompt';
import { PathCard } from './PathCard';
import { usePromoteToAdvocate } from './usePromoteToAdvocate';

// The cards' text is placeholder filler.
const CREATE_TEXT =
  'Set up your brand, add your products and launch campaigns that advocates can promote for you.';
const PROMOTE_TEXT =
  'Browse campaigns from brands you like, share your links and earn rewards for every conversion.';

/** Where a user without a role starts: open a brand, or promote other brands' campaigns. */
export function GetStartedPage() {
  const firstName = useAppSelector(selectFirstName);
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const { promote, isPromoting } = usePromoteToAdvocate();

  return (
    <>
      <PageHeader
        title={`Welcome, ${firstName ?? ''}`}
        subtitle="How would you like to get started?"
      />
      {/* Sign-up lands here with the verification code already mailed. */}
      {user && !user.verified_at && <VerifyEmailPrompt email={user.email} />}
      <Choices>
        <PathCard
          icon={<Store />}
          title="Create Your Own Brand"
          text={CREATE_TEXT}
          actionLabel="Create Brand"
          onAction={() => navigate(BRAND_CREATE_PATH)}
        />
        <PathCard
          icon={<Megaphone />}
          title="Promote Existing Brand Campaigns"
          text={PROMOTE_TEXT}
          actionLabel="Start Promoting"
          onAction={promote}
          busy={isPromoting}
        />
      </Choices>
    </>
  );
}

const Choices = styled.div`
  ${autoGrid('260px', 4)}
  max-width: 880px;
`;
