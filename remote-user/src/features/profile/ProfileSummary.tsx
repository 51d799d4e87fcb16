import { useId } from 'react';
import styled from 'styled-components';
import type { User } from 'shared-api';
import {
  Badge,
  Card,
  Heading,
  Text,
  formatDate,
  autoGrid,
  Stack,
  Cluster,
  IconTile,
} from 'shared-ui';
import { displayNameOf, joinedOf } from './userView';

/** View mode: who the user is and the state of the account. */
export function ProfileSummary({ user }: { user: User }) {
  const headingId = useId();
  const name = displayNameOf(user);
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Identity direction="row" align="center" gap={4}>
        <Avatar aria-hidden="true" $size={56} $radius="round" $tint={16}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <div>
          <Heading level={2} size="lg" id={headingId}>
            {name}
          </Heading>
          <Badges align="stretch">
            {user.is_active ? (
              <Badge tone="success">Active</Badge>
            ) : (
              <Badge tone="danger">Inactive</Badge>
            )}
            {user.is_staff && <Badge tone="info">Admin</Badge>}
          </Badges>
        </div>
      </Identity>
      <Details>
        <Item>
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </Item>
        <Item>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </Item>
        <Item>
          <dt>Email verification</dt>
          <dd>
            {/* Not verified: the prompt above the profile offers to enter the code. */}
            {user.verified_at ? (
              <Badge tone="success">Verified</Badge>
            ) : (
              <Badge tone="warning">Not Verified</Badge>
            )}
          </dd>
        </Item>
        <Item>
          <dt>Member since</dt>
          <dd>{formatDate(joinedOf(user))}</dd>
        </Item>
      </Details>
      <Text muted size="sm">
        Use Edit to change your username, email or name.
      </Text>
    </Card>
  );
}

const Identity = styled(Stack)`
  margin-bottom: ${({ theme }) => theme.spacing(5)};
`;

const Avatar = styled(IconTile)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Badges = styled(Cluster)`
  margin-top: ${({ theme }) => theme.spacing(1.5)};
`;

const Details = styled.dl`
  ${autoGrid('220px', 4)}
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
`;

const Item = styled.div`
  min-width: 0;

  dt {
    margin-bottom: ${({ theme }) => theme.spacing(1)};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    overflow-wrap: anywhere;
  }
`;
