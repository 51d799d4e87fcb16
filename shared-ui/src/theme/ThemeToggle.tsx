import { Moon, Sun } from 'lucide-react';
import styled from 'styled-components';
import { useThemeMode } from './AppThemeProvider';

export interface ThemeToggleProps {
  className?: string;
}

/** Shows the icon of the mode you would switch to: a moon in light mode, a sun in dark mode. */
export function ThemeToggle({ className }: ThemeToggleProps) {
  const { mode, toggle } = useThemeMode();
  const Icon = mode === 'dark' ? Sun : Moon;
  return (
    <ToggleButton
      type="button"
      className={className}
      aria-label="Toggle theme"
      aria-pressed={mode === 'dark'}
      title={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={toggle}
    >
      <Icon size={18} aria-hidden="true" />
    </ToggleButton>
  );
}

const ToggleButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  transition:
    background ${({ theme }) => theme.transitions.fast},
    color ${({ theme }) => theme.transitions.fast};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
  }
`;
