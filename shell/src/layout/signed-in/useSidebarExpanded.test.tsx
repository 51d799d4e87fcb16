import { act, renderHook } from '@testing-library/react';
import { SIDEBAR_STORAGE_KEY, useSidebarExpanded } from './useSidebarExpanded';

describe('useSidebarExpanded', () => {
  beforeEach(() => localStorage.clear());

  it('starts expanded and remembers a collapse', () => {
    const { result } = renderHook(() => useSidebarExpanded());
    expect(result.current[0]).toBe(true);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(false);
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('false');
    const again = renderHook(() => useSidebarExpanded());
    expect(again.result.current[0]).toBe(false);
  });
});
