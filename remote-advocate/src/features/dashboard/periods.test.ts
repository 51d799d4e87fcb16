import { periodRange, previousRange } from './periods';

const today = new Date(2025, 2, 31); // 31 March 2025, local

describe('advocate periods', () => {
  it('ends every period today and starts it the right number of days back', () => {
    expect(periodRange('7d', today)).toEqual({ since: '2025-03-25', until: '2025-03-31' });
    expect(periodRange('30d', today)).toEqual({ since: '2025-03-02', until: '2025-03-31' });
    expect(periodRange('3m', today)).toEqual({ since: '2025-01-01', until: '2025-03-31' });
    expect(periodRange('6m', today)).toEqual({ since: '2024-10-01', until: '2025-03-31' });
    expect(periodRange('1y', today)).toEqual({ since: '2024-04-01', until: '2025-03-31' });
    expect(periodRange('all', today)).toEqual({ since: '2020-01-01', until: '2025-03-31' });
  });

  it('takes the previous period of the same length', () => {
    expect(previousRange({ since: '2025-03-02', until: '2025-03-31' })).toEqual({
      since: '2025-01-31',
      until: '2025-03-01',
    });
    expect(previousRange({ since: '2025-03-25', until: '2025-03-31' })).toEqual({
      since: '2025-03-18',
      until: '2025-03-24',
    });
  });
});
