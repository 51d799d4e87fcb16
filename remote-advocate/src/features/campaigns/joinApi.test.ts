import { JOIN_MESSAGES, joinErrorMessage, readJoinReply } from './joinApi';

const httpError = (status: number, data?: unknown) => ({ status, data });

describe('joinErrorMessage (join campaign, by status)', () => {
  it.each([
    [httpError(400, { detail: 'Campaign is not active' }), 'Campaign is not active'],
    [httpError(400, {}), JOIN_MESSAGES.validation],
    [httpError(401, { detail: 'Token expired' }), JOIN_MESSAGES.unauthorized],
    [httpError(403, { detail: 'No Advocate role' }), JOIN_MESSAGES.forbidden],
    [httpError(404, { detail: 'Campaign not found' }), 'Campaign not found'],
    [httpError(404, null), JOIN_MESSAGES.unexpected],
    [httpError(500, '<html>'), JOIN_MESSAGES.unexpected],
    [httpError(502, { message: 'Upstream down' }), 'Upstream down'],
    [httpError(409, {}), JOIN_MESSAGES.failed],
    [{ status: 'FETCH_ERROR', error: 'TypeError: fetch failed' }, JOIN_MESSAGES.failed],
  ])('%j → %s', (error, message) => {
    expect(joinErrorMessage(error)).toBe(message);
  });
});

describe('readJoinReply', () => {
  it('reads each product link of the reply', () => {
    expect(
      readJoinReply({
        status: 'Joined campaign',
        share_links: [
          { product_id: 1, url: 'https://x/r/a' },
          { product_id: null, url: 'https://x/r/b' },
        ],
      }),
    ).toEqual({
      joined: true,
      status: 'Joined campaign',
      links: [
        { productId: 1, url: 'https://x/r/a' },
        { productId: null, url: 'https://x/r/b' },
      ],
    });
  });

  it('takes the lone share_link when there is no list', () => {
    expect(readJoinReply({ status: 'Already joined', share_link: 'https://x/r/c' })).toEqual({
      joined: true,
      status: 'Already joined',
      links: [{ productId: null, url: 'https://x/r/c' }],
    });
  });

  it('treats a reply without success data as a refusal with its detail or message', () => {
    expect(readJoinReply({ detail: 'Campaign is full' })).toEqual({
      joined: false,
      message: 'Campaign is full',
    });
    expect(readJoinReply(null)).toEqual({ joined: false, message: JOIN_MESSAGES.failed });
  });
});
