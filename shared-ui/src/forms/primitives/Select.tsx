import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { controlStyles, type ControlStyleProps } from './controlStyles';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A vocabulary (currencies, event types) as options that show each value as it is. */
export const valueOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'> {
  options: readonly SelectOption[];
  /** Adds a first, empty-valued option (e.g. 'All statuses'). */
  placeholder?: string;
  invalid?: boolean;
}

/** Unbound select for filters. Use SelectField inside formik forms. */
export function Select({ options, placeholder, invalid, ...rest }: SelectProps) {
  return (
    <StyledSelect $invalid={invalid} aria-invalid={invalid || undefined} {...rest}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </StyledSelect>
  );
}

const chevron = (color: string) =>
  `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' fill='none' stroke='${encodeURIComponent(
    color,
  )}' stroke-width='2' stroke-linecap='round' stroke-linejoin='round' viewBox='0 0 24 24'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`;

export const StyledSelect = styled.select<ControlStyleProps>`
  ${controlStyles}
  appearance: none;
  padding-right: ${({ theme }) => theme.spacing(9)};
  background-image: ${({ theme }) => chevron(theme.colors.textMuted)};
  background-repeat: no-repeat;
  background-position: right ${({ theme }) => theme.spacing(3)} center;
  cursor: pointer;
`;
