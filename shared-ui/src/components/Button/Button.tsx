import type { ComponentPropsWithRef, ElementType, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Ring } from '../Spinner/Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

interface ButtonOwnProps<E extends ElementType> {
  /** Render as another element or component, e.g. `as={RouterLink} to="/brand/create"` or `as="a"`. */
  as?: E;
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner and disables the button; keep passing the busy label, e.g. 'Logging in...'. */
  loading?: boolean;
  /** Icon before the label (hidden while loading, where the spinner takes its place). */
  icon?: ReactNode;
  children?: ReactNode;
}

export type ButtonProps<E extends ElementType = 'button'> = ButtonOwnProps<E> &
  Omit<ComponentPropsWithRef<E>, keyof ButtonOwnProps<E>>;

/**
 * Like a native button, `type` defaults to "submit" inside forms: pass `type="button"` for
 * buttons in a form that should not submit it.
 */
export function Button<E extends ElementType = 'button'>({
  as,
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  icon,
  children,
  ...rest
}: ButtonProps<E>) {
  const element: ElementType = as ?? 'button';
  const isNativeButton = element === 'button';
  const restProps = rest as ComponentPropsWithRef<'button'>;
  const disabled = Boolean(restProps.disabled) || loading;
  return (
    <StyledButton
      {...rest}
      as={element}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      disabled={isNativeButton ? disabled : undefined}
      // Links cannot be disabled natively: aria-disabled, no tab stop and no pointer events keep them inert.
      aria-disabled={!isNativeButton && disabled ? true : undefined}
      tabIndex={!isNativeButton && disabled ? -1 : restProps.tabIndex}
      aria-busy={loading || undefined}
    >
      {loading ? <Ring $size={size === 'sm' ? 12 : 14} aria-hidden="true" /> : icon}
      {children}
    </StyledButton>
  );
}

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
    box-shadow: ${({ theme }) => theme.shadows.sm};

    &:hover:not(:disabled, [aria-disabled='true']) {
      background: color-mix(
        in srgb,
        ${({ theme }) => theme.colors.primary} 88%,
        ${({ theme }) => theme.colors.text}
      );
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.sm};

    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.surfaceAlt};
    }
  `,
  ghost: css`
    background: transparent;
    border-color: transparent;
    color: ${({ theme }) => theme.colors.textMuted};

    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.surfaceAlt};
      color: ${({ theme }) => theme.colors.text};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.bg : '#ffffff')};

    &:hover:not(:disabled, [aria-disabled='true']) {
      background: color-mix(
        in srgb,
        ${({ theme }) => theme.colors.danger} 88%,
        ${({ theme }) => theme.colors.text}
      );
    }
  `,
} satisfies Record<ButtonVariant, ReturnType<typeof css>>;

const StyledButton = styled.button<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing(2)};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  height: ${({ $size }) => ($size === 'sm' ? '32px' : '38px')};
  padding: 0 ${({ theme, $size }) => theme.spacing($size === 'sm' ? 3 : 4)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: 1;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  user-select: none;
  transition:
    background ${({ theme }) => theme.transitions.fast},
    color ${({ theme }) => theme.transitions.fast},
    border-color ${({ theme }) => theme.transitions.fast};

  ${({ $variant }) => variants[$variant]}

  svg {
    flex: none;
    width: 16px;
    height: 16px;
  }

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }

  &[aria-disabled='true'] {
    pointer-events: none;
  }

  &[aria-busy='true'] {
    cursor: progress;
  }
`;
