import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface EmptyStateProps {
  title?: ReactNode;
  text?: ReactNode;
  /** Defaults to an inbox icon. Pass null for none. */
  icon?: ReactNode;
  /** e.g. a 'Create Brand' Button. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({
  title,
  text,
  icon = <Inbox aria-hidden="true" />,
  action,
  className,
}: EmptyStateProps) {
  return (
    <Root className={className}>
      {icon && <IconBox>{icon}</IconBox>}
      {title && <Title>{title}</Title>}
      {text && <Body>{text}</Body>}
      {action && <Action>{action}</Action>}
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => `${theme.spacing(10)} ${theme.spacing(4)}`};
  text-align: center;
`;

const IconBox = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  margin-bottom: ${({ theme }) => theme.spacing(1)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};

  svg {
    width: 20px;
    height: 20px;
  }
`;

const Title = styled.h2`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Body = styled.p`
  max-width: 420px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Action = styled.div`
  margin-top: ${({ theme }) => theme.spacing(2)};
`;
