import styled, { keyframes } from 'styled-components';

export interface SpinnerProps {
  /** Diameter in px. Default 20. */
  size?: number;
  /** Accessible name. Default 'Loading'. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 20, label = 'Loading', className }: SpinnerProps) {
  return <Ring role="status" aria-label={label} className={className} $size={size} />;
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/** Decorative spinner for use inside labelled controls (e.g. a loading Button). */
export const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  color: inherit;
  animation: ${spin} 0.7s linear infinite;
`;

/** A centred spinner standing for a whole screen while its code or data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Centered>
      <Spinner size={28} label={label} />
    </Centered>
  );
}

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(12)} 0;
`;
