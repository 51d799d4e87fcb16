import { bottomNavigation, mainNavigation } from './navigation';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('sidebar navigation', () => {
  it('lists the brand sections under /brand', () => {
    const items = mainNavigation('brand');
    expect(labels(items)).toEqual([
      'Dashboard',
      'Insights',
      'Chat',
      'Brands',
      'Advocates',
      'Intelligence',
      'Payouts',
    ]);
    expect(items.every((item) => item.to.startsWith('/brand/'))).toBe(true);
  });

  it('lists the advocate sections under /advocate', () => {
    const items = mainNavigation('advocate');
    expect(labels(items)).toEqual([
      'Dashboard',
      'Insights',
      'Chat',
      'Brands & Campaigns',
      'Academy',
      'Intelligence',
      'Earnings',
    ]);
    expect(items.every((item) => item.to.startsWith('/advocate/'))).toBe(true);
  });

  it('offers only /user screens without an active role', () => {
    expect(mainNavigation(null).every((item) => item.to.startsWith('/user/'))).toBe(true);
  });

  it.each([null, 'brand', 'advocate'] as const)(
    'never links the same page twice (role %s)',
    (role) => {
      const targets = [...mainNavigation(role), ...bottomNavigation(role)].map((item) => item.to);
      expect(new Set(targets).size).toBe(targets.length);
    },
  );

  it('shows API Documentation to brands and Guidelines to advocates', () => {
    expect(labels(bottomNavigation('brand'))[0]).toBe('API Documentation');
    expect(labels(bottomNavigation('advocate'))[0]).toBe('Guidelines');
  });
});
