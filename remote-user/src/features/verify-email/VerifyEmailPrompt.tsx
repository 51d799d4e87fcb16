import { useId } from 'react';
import styled from 'styled-components';
import { normaliseError, setPendingEmail, useAppDispatch } from 'shared-api';
import { useNavigate } from 'shared-ui/router';
import { Button, Card, Cluster, Heading, Text, useToast } from 'shared-ui';
import { useSendVerificationCodeMutation } from '../profile/userApi';

const VERIFY_PATH = '/auth/verify-otp';

/**
 * Shown on get-started and the profile while the email is not verified. Sign-up has already
 * mailed a code, so the first way on is entering it; a new code is one click for a lost mail.
 */
export function VerifyEmailPrompt({ email }: { email: string }) {
  const headingId = useId();
  const [send, { isLoading }] = useSendVerificationCodeMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();

  const enterCode = () => {
    // The verify screen then asks for the code only, naming this address.
    dispatch(setPendingEmail(email));
    navigate(VERIFY_PATH);
  };

  const sendNew = async () => {
    try {
      await send({ email }).unwrap();
      toast.success('Verification code sent to the email');
      enterCode();
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to send verification code'));
    }
  };

  return (
    <Prompt as="section" aria-labelledby={headingId}>
      <Heading level={2} size="md" id={headingId}>
        Verify your email
      </Heading>
      <Text size="sm">
        We sent a 6-digit code to <strong>{email}</strong>. Enter it to confirm the address is
        yours.
      </Text>
      <Cluster gap={2}>
        <Button size="sm" onClick={enterCode}>
          Enter the code
        </Button>
        <Button size="sm" variant="secondary" loading={isLoading} onClick={() => void sendNew()}>
          Send a new code
        </Button>
      </Cluster>
    </Prompt>
  );
}

const Prompt = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  margin-bottom: ${({ theme }) => theme.spacing(5)};
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
`;
