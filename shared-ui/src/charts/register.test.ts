import { Chart } from 'chart.js';

describe('chart registration', () => {
  it('registers scales, elements and plugins on import, once', async () => {
    const spy = jest.spyOn(Chart, 'register');
    const { registerCharts } = await import('./register');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(() => Chart.registry.getScale('category')).not.toThrow();
    expect(() => Chart.registry.getElement('arc')).not.toThrow();
    expect(() => Chart.registry.getPlugin('tooltip')).not.toThrow();

    registerCharts();
    registerCharts();
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
