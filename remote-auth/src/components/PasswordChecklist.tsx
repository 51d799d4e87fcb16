import styled from 'styled-components';
import { VisuallyHidden } from 'shared-ui';
import { PASSWORD_RULES } from './passwordRules';

export interface PasswordChecklistProps {
  password: string;
  /** Ties the list to its password input through aria-describedby. */
  id: string;
}

/** The live password checklist: each rule ticks as it is met. */
export function PasswordChecklist({ password, id }: PasswordChecklistProps) {
  return (
    <List id={id} aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <Item key={rule.id} data-rule={rule.id} data-met={met}>
            <Mark aria-hidden="true">{met ? '✓' : ''}</Mark>
            <span>{rule.label}</span>
            {/* The tick is visual only; this tells assistive technology the same thing. */}
            <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </Item>
        );
      })}
    </List>
  );
}

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing(1.5)};
  margin: 0;
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Item = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  /* The special-character set is one long token: let it wrap on phones. */
  overflow-wrap: anywhere;
  transition: color ${({ theme }) => theme.transitions.fast};

  &[data-met='true'] {
    color: ${({ theme }) => theme.colors.success};
  }
`;

const Mark = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 16px;
  height: 16px;
  margin-top: 1px;
  border: 1.5px solid currentColor;
  border-radius: 50%;
  font-size: 10px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 1;

  [data-met='true'] > & {
    border-color: ${({ theme }) => theme.colors.success};
    background: ${({ theme }) => theme.colors.success};
    color: ${({ theme }) => theme.colors.surface};
  }
`;
