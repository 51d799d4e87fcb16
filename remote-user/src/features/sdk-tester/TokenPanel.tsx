import styled from 'styled-components';
import { selectToken, setToken, useAppDispatch, useAppSelector } from 'shared-api';
import { Button, Card, Heading, Input, Label, Text } from 'shared-ui';

/**
 * The bearer token the tester sends (read-only: it is the session's). Clearing it lets a
 * developer see how the API answers an unauthenticated call; signing in again restores it.
 */
export function TokenPanel() {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  return (
    <Card as="section" aria-labelledby="token-heading">
      <Heading level={2} size="lg" id="token-heading">
        Bearer token
      </Heading>
      <Row>
        <Field>
          <Label htmlFor="sdk-token">Access token</Label>
          <Input
            id="sdk-token"
            readOnly
            value={token ?? ''}
            placeholder="No token: calls go without Authorization"
            spellCheck={false}
          />
        </Field>
        <Button
          type="button"
          variant="secondary"
          disabled={!token}
          onClick={() => dispatch(setToken(null))}
        >
          Clear token
        </Button>
      </Row>
      <Text size="sm" muted>
        Sent as <code>Authorization: Bearer …</code> with every call below.
      </Text>
    </Card>
  );
}

const Row = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing(3)};
  margin: ${({ theme }) => theme.spacing(3)} 0 ${({ theme }) => theme.spacing(2)};

  ${({ theme }) => theme.media.mobile} {
    flex-direction: column;
    align-items: stretch;
  }
`;

const Field = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;

  input {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;
