import { useId } from 'react';
import styled from 'styled-components';
import { normaliseError, setPendingEmail, useAppDispatch, type User } from 'shared-api';
import { useNavigate } from 'shared-ui/router';
import {
  Badge,
  Card,
  Heading,
  Text,
  formatMemberSince,
  autoGrid,
  Stack,
  Cluster,
  IconTile,
  Button,
  useToast,
} from 'shared-ui';
import { useSendVerificationCodeMutation } from './userApi';
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
            {user.verified_at ? (
              <Badge tone="success">Verified</Badge>
            ) : (
              <Cluster gap={2} align="center">
                <Badge tone="warning">Not Verified</Badge>
                <VerifyEmailButton email={user.email} />
              </Cluster>
            )}
          </dd>
        </Item>
        <Item>
          <dt>Member since</dt>
          <dd>{formatMemberSince(joinedOf(user))}</dd>
        </Item>
      </Details>
      <Text muted size="sm">
        Use Edit to change your username, email or name.
      </Text>
    </Card>
  );
}

/** Mails a fresh code and goes to the screen where it is entered, the email already filled in. */
function VerifyEmailButton({ email }: { email: string }) {
  const [send, { isLoading }] = useSendVerificationCodeMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const verify = async () => {
    try {
      await send({ email }).unwrap();
      dispatch(setPendingEmail(email));
      toast.success('Verification code sent to the email');
      navigate('/auth/verify-otp');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to send verification code'));
    }
  };
  return (
    <Button size="sm" variant="secondary" loading={isLoading} onClick={() => void verify()}>
      Verify email
    </Button>
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
