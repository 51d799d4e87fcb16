import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/Button';
import { tintedSurface } from '../Layout/Surface';

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
  ${tintedSurface('danger', 35, 8)}

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
