import { act, render, screen } from '@testing-library/react';
import { AllProviders } from 'shared-ui/test-utils';
import { BANNER_IMAGES, BANNER_INTERVAL_MS, BannerCarousel } from './BannerCarousel';

describe('BannerCarousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('rotates through the three images every 6 seconds and loops', () => {
    render(<BannerCarousel />, { wrapper: AllProviders });
    const shown = () => screen.getByRole('img').getAttribute('alt');
    expect(BANNER_IMAGES).toHaveLength(3);
    expect(shown()).toBe(BANNER_IMAGES[0].alt);
    act(() => jest.advanceTimersByTime(BANNER_INTERVAL_MS - 1));
    expect(shown()).toBe(BANNER_IMAGES[0].alt);
    act(() => jest.advanceTimersByTime(1));
    expect(shown()).toBe(BANNER_IMAGES[1].alt);
    act(() => jest.advanceTimersByTime(BANNER_INTERVAL_MS * 2));
    expect(shown()).toBe(BANNER_IMAGES[0].alt);
  });
});
