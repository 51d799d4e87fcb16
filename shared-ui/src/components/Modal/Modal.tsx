import { X } from 'lucide-react';
import { useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { css } from 'styled-components';
import { useDialog } from '../../internal/useDialog';
import { wrappingRow } from '../Layout/wrappingRow';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons along the bottom, right-aligned. */
  footer?: ReactNode;
  size?: ModalSize;
  /** Close when the dimmed backdrop is clicked. Default true. */
  closeOnBackdrop?: boolean;
}

const widths: Record<ModalSize, string> = { sm: '400px', md: '520px', lg: '720px' };

export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  closeOnBackdrop = true,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialog(open, onClose, panelRef);
  if (!open) return null;

  return createPortal(
    <Backdrop
      // mousedown, not click: a text selection dragged out of the panel must not close it.
      onMouseDown={closeOnBackdrop ? closeOnOwnPress(onClose) : undefined}
    >
      <Panel ref={panelRef} {...dialogAttributes(titleId)} $width={widths[size]}>
        <DialogHeader titleId={titleId} title={title} onClose={onClose} />
        {children !== undefined && <Body>{children}</Body>}
        {footer && <Footer>{footer}</Footer>}
      </Panel>
    </Backdrop>,
    document.body,
  );
}

/** What makes a panel a modal dialog, named by its title. */
export const dialogAttributes = (titleId: string) =>
  ({ role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId, tabIndex: -1 }) as const;

/** Closes on a press of the backdrop itself, not of the panel on it. */
export const closeOnOwnPress = (onClose: () => void) => (event: MouseEvent) => {
  if (event.target === event.currentTarget) onClose();
};

/** The title bar of a modal or a drawer: the heading that names the dialog, and Close. */
export function DialogHeader({
  titleId,
  title,
  onClose,
}: {
  titleId: string;
  title: ReactNode;
  onClose: () => void;
}) {
  return (
    <Header>
      <Title id={titleId}>{title}</Title>
      <CloseButton type="button" aria-label="Close" onClick={onClose}>
        <X aria-hidden="true" />
      </CloseButton>
    </Header>
  );
}

/** The surface of a modal or a drawer; each adds its size, edges and entrance. */
export const dialogPanel = css`
  display: flex;
  flex-direction: column;
  width: 100%;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  color: ${({ theme }) => theme.colors.text};

  &:focus {
    outline: none;
  }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(4)};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.div<{ $width: string }>`
  ${dialogPanel}
  max-width: ${({ $width }) => $width};
  max-height: calc(100vh - 32px);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => `${theme.spacing(4)} ${theme.spacing(5)}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: ${({ theme }) => theme.spacing(5)};
`;

const Footer = styled.div`
  ${wrappingRow('flex-end', 2)}
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(5)}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const CloseButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 32px;
  height: 32px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
  }

  svg {
    width: 18px;
    height: 18px;
  }
`;
