import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './useDebouncedValue';

describe('useDebouncedValue', () => {
  it('gives the value once it has stopped changing for the delay', () => {
    jest.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
        initialProps: { value: '1' },
      });
      rerender({ value: '12' });
      act(() => jest.advanceTimersByTime(200));
      rerender({ value: '123' });
      act(() => jest.advanceTimersByTime(200));
      expect(result.current).toBe('1');
      act(() => jest.advanceTimersByTime(100));
      expect(result.current).toBe('123');
    } finally {
      jest.useRealTimers();
    }
  });
});
