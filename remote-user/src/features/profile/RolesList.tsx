import { useId } from 'react';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { GET_STARTED_PATH, selectAvailableRoles, useAppSelector } from 'shared-api';
import { Button, Card, Heading, Text, linkStyles, plainList, splitRow } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/workspace';
import { ROLE_LABEL } from './roleLabels';
import { useRemoveRole } from './useRemoveRole';

/** The roles the user holds, each removable after confirmation. */
export function RolesList({ userId }: { userId: number }) {
  const headingId = useId();
  const roles = useAppSelector(selectAvailableRoles);
  const { asking, ask, cancel, confirm, isRemoving } = useRemoveRole(userId);

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading level={2} size="lg" id={headingId}>
        Roles
      </Heading>
      {roles.length === 0 ? (
        <Empty muted>
          You hold no role yet. <GetStarted to={GET_STARTED_PATH}>Get started</GetStarted> to become
          a brand owner or an advocate.
        </Empty>
      ) : (
        <List>
          {roles.map((role) => (
            <Row key={role}>
              <span>{ROLE_LABEL[role]}</span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Remove ${ROLE_LABEL[role]}`}
                onClick={() => ask(role)}
              >
                Remove
              </Button>
            </Row>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Remove role?"
        message={
          asking &&
          `You will lose access to the ${ROLE_LABEL[asking]} area. You can gain the role again later.`
        }
        confirmLabel="Remove"
        tone="danger"
        loading={isRemoving}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      />
    </Card>
  );
}

const Empty = styled(Text)`
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

const GetStarted = styled(Link)`
  ${linkStyles}
`;

const List = styled.ul`
  ${plainList}
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

const Row = styled.li`
  ${splitRow(2.5)}
  font-weight: ${({ theme }) => theme.fontWeights.medium};

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
