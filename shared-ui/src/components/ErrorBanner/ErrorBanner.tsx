import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/Button';

export interface ErrorBannerProps {
  message: ReactNode;
  /** Shows a 'Retry' button. */
  onRetry?: () => void;
  className?: string;
}

export function ErrorBanner({ message, onRetry, className }: ErrorBannerProps) {
  return (
    <Root role="alert" className={className}>
      <CircleAlert aria-hidden="true" />
      <Message>{message}</Message>
      {onRetry && (
        <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(4)}`};
  border: 1px solid color-mix(in srgb, ${({ theme }) => theme.colors.danger} 35%, transparent);
  border-radius: ${({ theme }) => theme.radii.md};
  background: color-mix(
    in srgb,
    ${({ theme }) => theme.colors.danger} 8%,
    ${({ theme }) => theme.colors.surface}
  );
  color: ${({ theme }) => theme.colors.text};

  > svg {
    flex: none;
    width: 18px;
    height: 18px;
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Message = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;
