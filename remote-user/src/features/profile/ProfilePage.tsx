import { useState } from 'react';
import styled from 'styled-components';
import { normaliseError, selectUser, useAppSelector, useGetMeQuery } from 'shared-api';
import { Columns, ErrorBanner, PageHeader, Spinner } from 'shared-ui';
import { BrandAccess } from './BrandAccess';
import { ProfileActions } from './ProfileActions';
import { ProfileForm } from './ProfileForm';
import { ProfileSummary } from './ProfileSummary';
import { RolesList } from './RolesList';
import { TwoFactorCard } from './TwoFactorCard';
import { VerifyEmailPrompt } from '../verify-email/VerifyEmailPrompt';
import { brandAccessOf } from './userView';

type Mode = 'view' | 'edit';

export function ProfilePage() {
  const user = useAppSelector(selectUser);
  // The subscription reloads the user on each visit and again whenever a change (a role
  // removed, the profile saved) invalidates it; the endpoint writes the result to the session.
  const { error, refetch } = useGetMeQuery();
  const [mode, setMode] = useState<Mode>('view');

  // Only without any user does a failed load matter: otherwise the session's copy is shown.
  if (!user) {
    return error ? (
      <ErrorBanner message={normaliseError(error, 'Failed to load profile')} onRetry={refetch} />
    ) : (
      <Spinner label="Loading profile" />
    );
  }

  return (
    <>
      <PageHeader
        title="Profile"
        subtitle="Your account, roles, two-factor sign-in and brand access."
        actions={mode === 'view' && <ProfileActions onEdit={() => setMode('edit')} />}
      />
      {!user.verified_at && <VerifyEmailPrompt email={user.email} />}
      <Columns widths={[3, 2]}>
        <Main>
          {mode === 'edit' ? (
            <ProfileForm user={user} onDone={() => setMode('view')} />
          ) : (
            <ProfileSummary user={user} />
          )}
        </Main>
        <Side>
          <RolesList userId={user.id} />
          <TwoFactorCard enabled={user.two_factor_enabled ?? false} />
          <BrandAccess brands={brandAccessOf(user)} />
        </Side>
      </Columns>
    </>
  );
}

const Main = styled.div`
  min-width: 0;
`;

const Side = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(4)};
  min-width: 0;
`;
