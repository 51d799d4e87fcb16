import type { ReactNode } from 'react';
import styled from 'styled-components';

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return (
    <Pill $tone={tone} className={className}>
      {children}
    </Pill>
  );
}

const Pill = styled.span<{ $tone: BadgeTone }>`
  --badge-color: ${({ theme, $tone }) => ($tone === 'neutral' ? theme.colors.textMuted : theme.colors[$tone])};
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1.5)};
  padding: 2px ${({ theme }) => theme.spacing(2.5)};
  border: 1px solid color-mix(in srgb, var(--badge-color) 25%, transparent);
  border-radius: ${({ theme }) => theme.radii.pill};
  background: color-mix(in srgb, var(--badge-color) 12%, transparent);
  color: var(--badge-color);
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: 18px;
  white-space: nowrap;

  &::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: currentColor;
  }
`;
