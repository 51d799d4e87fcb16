import { act, renderHook } from '@testing-library/react';
import { useThrottledArgs } from './useThrottledArgs';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup(initial: { days: number }, busy = false) {
  return renderHook(({ wanted, busy }) => useThrottledArgs(wanted, busy), {
    initialProps: { wanted: initial, busy },
  });
}

describe('useThrottledArgs', () => {
  it('asks at once for the first arguments', () => {
    const { result } = setup({ days: 30 });
    expect(result.current.args).toEqual({ days: 30 });
  });

  it('holds a change made within 300 ms of the last fetch, then makes it', () => {
    const { result, rerender } = setup({ days: 30 });
    act(() => jest.advanceTimersByTime(100));
    rerender({ wanted: { days: 7 }, busy: false });
    expect(result.current.args).toEqual({ days: 30 });
    act(() => jest.advanceTimersByTime(199));
    expect(result.current.args).toEqual({ days: 30 });
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.args).toEqual({ days: 7 });
  });

  it('collapses quick changes into one fetch of the last choice', () => {
    const { result, rerender } = setup({ days: 30 });
    const seen: number[] = [];
    rerender({ wanted: { days: 7 }, busy: false });
    seen.push(result.current.args.days);
    rerender({ wanted: { days: 90 }, busy: false });
    seen.push(result.current.args.days);
    act(() => jest.advanceTimersByTime(300));
    seen.push(result.current.args.days);
    expect(seen).toEqual([30, 30, 90]);
  });

  it('waits while a fetch is loading', () => {
    const { result, rerender } = setup({ days: 30 }, true);
    act(() => jest.advanceTimersByTime(1000));
    rerender({ wanted: { days: 7 }, busy: true });
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.args).toEqual({ days: 30 });
    rerender({ wanted: { days: 7 }, busy: false });
    act(() => jest.advanceTimersByTime(0));
    expect(result.current.args).toEqual({ days: 7 });
  });

  it('skips a refresh while loading or within 300 ms of the last fetch', () => {
    const refetch = jest.fn();
    const { result, rerender } = setup({ days: 30 });
    expect(result.current.refresh(refetch)).toBe(false);
    act(() => jest.advanceTimersByTime(300));
    rerender({ wanted: { days: 30 }, busy: true });
    expect(result.current.refresh(refetch)).toBe(false);
    rerender({ wanted: { days: 30 }, busy: false });
    expect(result.current.refresh(refetch)).toBe(true);
    expect(result.current.refresh(refetch)).toBe(false);
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('makes the first fetch at once when the arguments were waiting (null)', () => {
    const { result, rerender } = renderHook(
      ({ wanted }: { wanted: { days: number } | null }) => useThrottledArgs(wanted, false),
      { initialProps: { wanted: null as { days: number } | null } },
    );
    expect(result.current.args).toBeNull();
    rerender({ wanted: { days: 30 } });
    act(() => jest.advanceTimersByTime(0));
    expect(result.current.args).toEqual({ days: 30 });
  });
});
