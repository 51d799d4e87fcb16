import { useCallback, useState } from 'react';

export const SIDEBAR_STORAGE_KEY = 'sidebar-expanded';

/** The sidebar's expanded state, remembered in localStorage across visits. */
export function useSidebarExpanded(): [boolean, () => void] {
  const [expanded, setExpanded] = useState(
    () => localStorage.getItem(SIDEBAR_STORAGE_KEY) !== 'false',
  );
  const toggle = useCallback(() => {
    setExpanded((current) => {
      localStorage.setItem(SIDEBAR_STORAGE_KEY, String(!current));
      return !current;
    });
  }, []);
  return [expanded, toggle];
}
