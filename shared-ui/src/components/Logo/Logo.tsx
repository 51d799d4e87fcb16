import { useId } from 'react';
import styled, { useTheme } from 'styled-components';
import type { ThemeMode } from '../../theme/tokens';

export const PRODUCT_NAME = 'Advocately';

export interface LogoProps {
  /** 'auto' follows the theme: dark text on the light theme, light text on the dark theme. */
  variant?: 'auto' | ThemeMode;
  /** Mark height in px. Default 28. */
  size?: number;
  /** Show the 'Advocately' wordmark beside the mark. Default true. */
  wordmark?: boolean;
  className?: string;
}

export function Logo({ variant = 'auto', size = 28, wordmark = true, className }: LogoProps) {
  const theme = useTheme();
  const mode: ThemeMode = variant === 'auto' ? theme.mode : variant;
  // Unique per instance: a shared gradient id breaks when the first logo on the page is hidden.
  const gradientId = useId();
  return (
    <Root
      className={className}
      data-variant={mode}
      $size={size}
      $color={mode === 'dark' ? '#f4f3ff' : '#17171f'}
      {...(wordmark ? {} : { role: 'img', 'aria-label': PRODUCT_NAME })}
    >
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient
            id={gradientId}
            x1="0"
            y1="0"
            x2="32"
            y2="32"
            gradientUnits="userSpaceOnUse"
          >
            <stop stopColor="#7c6ff0" />
            <stop offset="1" stopColor="#4f3fd1" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        {/* An "A" whose crossbar is an upward arrow: advocacy that grows. */}
        <path
          d="M9 24 16 8l7 16"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M11.5 18.5h6.5m0 0-2.2-2.2m2.2 2.2-2.2 2.2"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {wordmark && <span>{PRODUCT_NAME}</span>}
    </Root>
  );
}

const Root = styled.span<{ $size: number; $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ $size }) => Math.round($size * 0.35)}px;
  color: ${({ $color }) => $color};
  font-size: ${({ $size }) => Math.round($size * 0.68)}px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.02em;
  line-height: 1;
  white-space: nowrap;
`;
