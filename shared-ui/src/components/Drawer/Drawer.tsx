import { X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { useDialog } from '../../internal/useDialog';
import { Body, CloseButton, Header, Title } from '../Modal/Modal';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** px or any CSS length. Default 420. The drawer is full width on phones. */
  maxWidth?: number | string;
}

/** Panel sliding in from the right (e.g. Notifications). */
export function Drawer({ open, onClose, title, children, maxWidth = 420 }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialog(open, onClose, panelRef);
  if (!open) return null;

  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $maxWidth={typeof maxWidth === 'number' ? `${maxWidth}px` : maxWidth}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          <CloseButton type="button" aria-label="Close" onClick={onClose}>
            <X aria-hidden="true" />
          </CloseButton>
        </Header>
        <Body>{children}</Body>
      </Panel>
    </Backdrop>,
    document.body,
  );
}

const slideIn = keyframes`
  from { transform: translateX(100%); }
  to { transform: translateX(0); }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: flex;
  justify-content: flex-end;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.div<{ $maxWidth: string }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $maxWidth }) => $maxWidth};
  height: 100%;
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  color: ${({ theme }) => theme.colors.text};
  animation: ${slideIn} 180ms ease-out;

  &:focus {
    outline: none;
  }

  ${({ theme }) => theme.media.mobile} {
    max-width: 100%;
    border-left: 0;
  }
`;
