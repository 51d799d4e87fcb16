import type { TooltipItem } from 'chart.js';
import { darkTheme, lightTheme } from '../theme/tokens';
import {
  buildBarData,
  buildBarOptions,
  buildDoughnutData,
  buildLineData,
  buildLineOptions,
  withAlpha,
} from './options';

type TickCallback = (value: string | number) => string;
type LabelCallback = (item: TooltipItem<'line'>) => string;

function yTickCallback(options: { scales?: unknown }): TickCallback | undefined {
  const scales = options.scales as { y?: { ticks?: { callback?: TickCallback } } } | undefined;
  return scales?.y?.ticks?.callback;
}

describe('chart options', () => {
  it('labels a money value axis with $ and K from 1000', () => {
    const callback = yTickCallback(buildLineOptions(lightTheme, { money: true }));
    expect(callback?.(950)).toBe('$950');
    expect(callback?.(1200)).toBe('$1.2K');
    expect(callback?.(12000)).toBe('$12K');
  });

  it('leaves plain value axes to chart.js', () => {
    expect(yTickCallback(buildLineOptions(lightTheme))).toBeUndefined();
    expect(yTickCallback(buildBarOptions(lightTheme))).toBeUndefined();
  });

  it('formats money tooltips', () => {
    const options = buildLineOptions(lightTheme, { money: true });
    const label = (options.plugins?.tooltip?.callbacks as { label: LabelCallback }).label;
    const item = {
      dataset: { label: 'Revenue' },
      parsed: { y: 1234.5 },
    } as unknown as TooltipItem<'line'>;
    expect(label(item)).toBe('Revenue: $1,234.50');
  });

  it('hides axes and legend on compact bars', () => {
    const options = buildBarOptions(lightTheme, { compact: true });
    const scales = options.scales as { x: { display: boolean }; y: { display: boolean } };
    expect(scales.x.display).toBe(false);
    expect(scales.y.display).toBe(false);
    expect(options.plugins?.legend?.display).toBe(false);
  });

  it('draws without animation', () => {
    expect(buildLineOptions(lightTheme).animation).toBe(false);
    expect(buildBarOptions(lightTheme).animation).toBe(false);
  });

  it('takes colours from the theme', () => {
    const light = buildLineOptions(lightTheme);
    const dark = buildLineOptions(darkTheme);
    expect(light.color).toBe(lightTheme.colors.textMuted);
    expect(dark.color).toBe(darkTheme.colors.textMuted);
    expect(buildBarData(darkTheme, ['a'], [1]).datasets[0].backgroundColor).toBe(
      darkTheme.colors.primary,
    );
    expect(buildDoughnutData(lightTheme, ['a', 'b'], [1, 2]).datasets[0].borderColor).toBe(
      lightTheme.colors.surface,
    );
  });

  it('fills a single line series but not several', () => {
    const one = buildLineData(lightTheme, ['Mon'], [{ label: 'Revenue', data: [1] }]);
    expect(one.datasets[0]).toMatchObject({
      label: 'Revenue',
      data: [1],
      borderColor: lightTheme.colors.primary,
      fill: true,
    });
    const two = buildLineData(
      lightTheme,
      ['Mon'],
      [
        { label: 'Clicks', data: [1] },
        { label: 'Conversions', data: [2] },
      ],
    );
    expect(two.datasets.map((d) => d.fill)).toEqual([false, false]);
    expect(two.datasets[1].borderColor).not.toBe(two.datasets[0].borderColor);
  });

  it('adds alpha to hex colours', () => {
    expect(withAlpha('#5b4ee0', 0.5)).toBe('#5b4ee080');
    expect(withAlpha('rgb(1, 2, 3)', 0.5)).toBe('rgb(1, 2, 3)');
  });
});
