import { Megaphone, Store } from 'lucide-react';
import styled from 'styled-components';
import type { ClientRole } from 'shared-api';
import { Badge, Spinner, IconTile, Stack, Cluster, focusRing } from 'shared-ui';
import type { RoleChoice } from './roleChoices';

const ICON_OF: Record<ClientRole, typeof Store> = { brand: Store, advocate: Megaphone };

export interface RoleChoiceCardProps {
  choice: RoleChoice;
  isActive: boolean;
  isPending: boolean;
  disabled: boolean;
  onChoose: () => void;
}

/** A whole-card button: the role, what it is for, and whether it is the session's role now. */
export function RoleChoiceCard({
  choice,
  isActive,
  isPending,
  disabled,
  onChoose,
}: RoleChoiceCardProps) {
  const Icon = ICON_OF[choice.role];
  return (
    <Choice type="button" onClick={onChoose} disabled={disabled} aria-busy={isPending || undefined}>
      <IconTile aria-hidden="true" $size={48}>
        <Icon />
      </IconTile>
      <Body forwardedAs="span" gap={1}>
        <Title forwardedAs="span">
          {choice.title}
          {isActive && <Badge tone="success">Current</Badge>}
        </Title>
        <Description>{choice.description}</Description>
      </Body>
      {isPending && <Spinner label={`Switching to ${choice.title}`} />}
    </Choice>
  );
}

const Choice = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(4)};
  width: 100%;
  padding: ${({ theme }) => theme.spacing(5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  transition:
    border-color ${({ theme }) => theme.transitions.fast},
    box-shadow ${({ theme }) => theme.transitions.fast};

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.md};
  }

  ${focusRing()}

  &:disabled {
    cursor: not-allowed;
    opacity: 0.7;
  }

  &[aria-busy='true'] {
    cursor: progress;
    opacity: 1;
  }

  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => theme.spacing(4)};
  }
`;

const Body = styled(Stack)`
  flex: 1;
`;

const Title = styled(Cluster)`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Description = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
