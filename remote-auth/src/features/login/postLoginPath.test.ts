import { postLoginPath, redirectedFrom } from './postLoginPath';

describe('postLoginPath', () => {
  it('keeps the destination without an origin', () => {
    expect(postLoginPath('/brand/dashboard', null)).toBe('/brand/dashboard');
  });

  it("prefers the origin when it lies under the destination role's prefix", () => {
    expect(postLoginPath('/brand/dashboard', '/brand/products?page=2')).toBe(
      '/brand/products?page=2',
    );
    expect(postLoginPath('/advocate/dashboard', '/advocate')).toBe('/advocate');
  });

  it('keeps the destination when the origin is elsewhere', () => {
    expect(postLoginPath('/brand/dashboard', '/advocate/earnings')).toBe('/brand/dashboard');
    expect(postLoginPath('/brand/dashboard', '/brandx/evil')).toBe('/brand/dashboard');
    expect(postLoginPath('/brand/dashboard', '/user/profile')).toBe('/brand/dashboard');
  });

  it('never swaps a destination that is not a role home', () => {
    expect(postLoginPath('/user/select-role', '/brand/products')).toBe('/user/select-role');
    expect(postLoginPath('/user/get-started', '/advocate/earnings')).toBe('/user/get-started');
  });
});

describe('redirectedFrom', () => {
  it('reads the pathname the guards store, or a location object', () => {
    expect(redirectedFrom({ from: '/brand/products' })).toBe('/brand/products');
    expect(redirectedFrom({ from: { pathname: '/brand/products', search: '?q=1' } })).toBe(
      '/brand/products?q=1',
    );
  });

  it('ignores anything else', () => {
    expect(redirectedFrom(null)).toBeNull();
    expect(redirectedFrom({})).toBeNull();
    expect(redirectedFrom({ from: 'https://evil.test/brand' })).toBeNull();
    expect(redirectedFrom({ from: 42 })).toBeNull();
  });
});
