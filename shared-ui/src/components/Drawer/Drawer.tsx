import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { useDialog } from '../../internal/useDialog';
import { Body, DialogHeader, closeOnOwnPress, dialogAttributes, dialogPanel } from '../Modal/Modal';

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
    <Backdrop onMouseDown={closeOnOwnPress(onClose)}>
      <Panel
        ref={panelRef}
        {...dialogAttributes(titleId)}
        $maxWidth={typeof maxWidth === 'number' ? `${maxWidth}px` : maxWidth}
      >
        <DialogHeader titleId={titleId} title={title} onClose={onClose} />
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
  ${dialogPanel}
  max-width: ${({ $maxWidth }) => $maxWidth};
  height: 100%;
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  animation: ${slideIn} 180ms ease-out;

  ${({ theme }) => theme.media.mobile} {
    max-width: 100%;
    border-left: 0;
  }
`;
