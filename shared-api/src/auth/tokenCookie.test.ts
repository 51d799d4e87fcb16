import Cookies from 'js-cookie';
import { clearAccessToken, hasSessionHint, readAccessToken, writeAccessToken } from './tokenCookie';

describe('access token cookie', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    Cookies.remove('access_token', { path: '/' });
  });

  it('writes access_token for 60 minutes on path / with same-site lax', () => {
    const set = jest.spyOn(Cookies, 'set');

    writeAccessToken('abc');

    expect(set).toHaveBeenCalledWith('access_token', 'abc', {
      expires: 1 / 24,
      path: '/',
      sameSite: 'lax',
      // jsdom pages are served over http:
      secure: false,
    });
  });

  it('reads back what it wrote and forgets it when cleared', () => {
    writeAccessToken('abc');
    expect(document.cookie).toContain('access_token=abc');
    expect(readAccessToken()).toBe('abc');

    clearAccessToken();

    expect(readAccessToken()).toBeNull();
    expect(document.cookie).not.toContain('access_token');
  });
});

describe('the signed_in hint', () => {
  afterEach(() => Cookies.remove('signed_in', { path: '/' }));

  it('is there only while the server has set it beside its refresh cookie', () => {
    expect(hasSessionHint()).toBe(false);
    document.cookie = 'signed_in=1; path=/';
    expect(hasSessionHint()).toBe(true);
  });
});
