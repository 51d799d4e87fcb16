import styled from 'styled-components';
import { selectActiveRole, useAppSelector } from 'shared-api';
import { PageHeader, plainList } from 'shared-ui';
import { ROLE_CHOICES } from './roleChoices';
import { RoleChoiceCard } from './RoleChoiceCard';
import { useChooseRole } from './useChooseRole';

export function SelectRolePage() {
  const activeRole = useAppSelector(selectActiveRole);
  const { choose, pendingRole } = useChooseRole();

  return (
    <>
      <PageHeader
        title="Choose your role for this session"
        subtitle="You can switch at any time from the header."
      />
      <Choices role="list">
        {ROLE_CHOICES.map((choice) => (
          <li key={choice.role}>
            <RoleChoiceCard
              choice={choice}
              isActive={choice.role === activeRole}
              isPending={choice.role === pendingRole}
              disabled={pendingRole !== null}
              onChoose={() => void choose(choice.role)}
            />
          </li>
        ))}
      </Choices>
    </>
  );
}

const Choices = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  max-width: 640px;
  ${plainList}
`;
