import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
}

export interface TabsProps<Id extends string = string> {
  tabs: readonly TabItem<Id>[];
  value: Id;
  onChange: (id: Id) => void;
  /** Names the tab list for screen readers, e.g. 'Products and sales'. */
  'aria-label'?: string;
  /** Prefix for ids, so a panel can say aria-labelledby={`${idPrefix}-tab-${id}`}. Defaults to a generated one. */
  idPrefix?: string;
  className?: string;
}

/** A tab list with arrow-key navigation; render the active panel yourself. */
export function Tabs<Id extends string = string>({
  tabs,
  value,
  onChange,
  'aria-label': ariaLabel,
  idPrefix,
  className,
}: TabsProps<Id>) {
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === value);
    const last = tabs.length - 1;
    const nextIndex: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in nextIndex)) return;
    event.preventDefault();
    const next = tabs[nextIndex[event.key]];
    onChange(next.id);
    listRef.current
      ?.querySelector<HTMLButtonElement>(`[data-tab-id="${CSS.escape(next.id)}"]`)
      ?.focus();
  };

  return (
    <List
      ref={listRef}
      role="tablist"
      aria-label={ariaLabel}
      className={className}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const selected = tab.id === value;
        return (
          <Tab
            key={tab.id}
            type="button"
            role="tab"
            id={`${prefix}-tab-${tab.id}`}
            data-tab-id={tab.id}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </Tab>
        );
      })}
    </List>
  );
}

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(1)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  scrollbar-width: none;
`;

const Tab = styled.button`
  position: relative;
  flex: none;
  padding: ${({ theme }) => `${theme.spacing(2.5)} ${theme.spacing(3)}`};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }

  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.text};
  }

  &[aria-selected='true']::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    bottom: -1px;
    height: 2px;
    border-radius: 2px;
    background: ${({ theme }) => theme.colors.primary};
  }

  &:focus-visible {
    outline-offset: -2px;
  }
`;
