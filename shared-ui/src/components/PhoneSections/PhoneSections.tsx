import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Tabs } from '../Tabs/Tabs';

export interface PhoneSection<Id extends string = string> {
  id: Id;
  /** The tab's words on a phone. */
  label: string;
  content: ReactNode;
}

export interface PhoneSectionsProps<Id extends string = string> {
  sections: readonly PhoneSection<Id>[];
  /** Names the tab list for screen readers, e.g. 'Payouts sections'. */
  'aria-label': string;
  /** The section shown first on a phone (a link's #anchor may name one); the first by default. */
  initial?: Id;
}

/** Phones: the theme's mobile breakpoint (640 px). */
const PHONE_QUERY = '(max-width: 640px)';

const phoneQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => phoneQuery()?.matches ?? false);
  useEffect(() => {
    const list = phoneQuery();
    if (!list) return;
    const update = () => setPhone(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return phone;
}

/**
 * A long page's sections: on a desktop one under another, as given; on a phone a tab list of
 * their names with only the chosen one drawn, so the page is not several screens of scrolling
 * (the brand's Payouts page was 11,000 px tall at 390 px). Hidden sections stay mounted, so a
 * half-filled form keeps its values when its tab is left.
 */
export function PhoneSections<Id extends string = string>({
  sections,
  'aria-label': label,
  initial,
}: PhoneSectionsProps<Id>) {
  const phone = usePhone();
  const [chosen, setChosen] = useState<Id | undefined>(initial);
  useEffect(() => {
    if (initial !== undefined) setChosen(initial);
  }, [initial]);
  if (!phone)
    return (
      <>
        {sections.map((s) => (
          <div key={s.id}>{s.content}</div>
        ))}
      </>
    );
  const current = sections.find((s) => s.id === chosen)?.id ?? sections[0]?.id;
  const prefix = 'phone-sections';
  return (
    <Root>
      <Tabs
        tabs={sections.map(({ id, label: text }) => ({ id, label: text }))}
        value={current as Id}
        onChange={setChosen}
        aria-label={label}
        idPrefix={prefix}
      />
      {sections.map((s) => (
        <div
          key={s.id}
          role="tabpanel"
          aria-labelledby={`${prefix}-tab-${s.id}`}
          hidden={s.id !== current}
        >
          {s.content}
        </div>
      ))}
    </Root>
  );
}

const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  min-width: 0;
`;
