import { useState } from 'react';
import styled from 'styled-components';
import { selectUser, useAppSelector, useGetMeQuery } from 'shared-api';
import { PageHeader, Spinner } from 'shared-ui';
import { BrandAccess } from './BrandAccess';
import { ProfileActions } from './ProfileActions';
import { ProfileForm } from './ProfileForm';
import { ProfileSummary } from './ProfileSummary';
import { RolesList } from './RolesList';
import { brandIdsOf } from './userView';

type Mode = 'view' | 'edit';

export function ProfilePage() {
  const user = useAppSelector(selectUser);
  // The subscription reloads the user on each visit and again whenever a change (a role
  // removed, the profile saved) invalidates it; the endpoint writes the result to the session.
  useGetMeQuery();
  const [mode, setMode] = useState<Mode>('view');

  if (!user) return <Spinner label="Loading profile" />;

  return (
    <>
      <PageHeader
        title="Profile"
        subtitle="Your account, roles and brand access."
        actions={mode === 'view' && <ProfileActions onEdit={() => setMode('edit')} />}
      />
      <Layout>
        <Main>
          {mode === 'edit' ? (
            <ProfileForm user={user} onDone={() => setMode('view')} />
          ) : (
            <ProfileSummary user={user} />
          )}
        </Main>
        <Side>
          <RolesList userId={user.id} />
          <BrandAccess brandIds={brandIdsOf(user)} />
        </Side>
      </Layout>
    </>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  align-items: start;
  gap: ${({ theme }) => theme.spacing(4)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Main = styled.div`
  min-width: 0;
`;

const Side = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(4)};
  min-width: 0;
`;
