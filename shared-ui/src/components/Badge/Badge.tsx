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
  /* A quarter of the body text colour in the label keeps small text above 4.5:1 on its own tint,
     in both themes (the pure status colour on the tint fell just short for success). */
  color: color-mix(in srgb, var(--badge-color) 75%, ${({ theme }) => theme.colors.text});
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
