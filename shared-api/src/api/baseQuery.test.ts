/** @jest-environment node */
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { authReducer, type AuthState } from '../auth/authSlice';
import { readAccessToken } from '../auth/tokenCookie';
import { deferred, fakeApiServer, type FakeApiServer, type FakeCall } from '../test/fakeApiServer';
import { createBaseQuery } from './baseQuery';
import { aUser } from '../test/fixtures';

jest.mock('../auth/tokenCookie', () => ({
  readAccessToken: jest.fn(() => null),
  writeAccessToken: jest.fn(),
  clearAccessToken: jest.fn(),
}));

const user = aUser({ email: 'ada@example.com', username: 'ada', roles: ['Advocate'] });

function signedIn(token: string | null): AuthState {
  return { user, token, roles: ['Advocate'], activeRole: 'advocate', pendingEmail: null };
}

/** A test api over the real base query, with the shapes of calls the product makes. */
function setup(server: FakeApiServer, token: string | null = 'old') {
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({ baseUrl: 'http://app.test/api/v1/', fetchFn: server.fetch }),
    endpoints: (build) => ({
      thing: build.query<{ n: number }, number>({ query: (n) => `thing/${n}/` }),
      refresh: build.mutation<{ access: string }, void>({
        // Deliberately not flagged: the base query must recognise the refresh call by itself.
        query: () => ({ url: 'token/refresh/', method: 'POST', body: {} }),
      }),
      login: build.mutation<unknown, void>({
        query: () => ({ url: 'token/', method: 'POST', body: {} }),
        extraOptions: { skipAuthRefresh: true },
      }),
      flaggedPerRequest: build.mutation<unknown, void>({
        query: () => ({ url: 'auth/verify-otp', method: 'POST', body: {}, skipAuthRefresh: true }),
      }),
    }),
  });
  const store = configureStore({
    reducer: { api: testApi.reducer, auth: authReducer },
    preloadedState: { auth: signedIn(token) },
    middleware: (gDM) => gDM().concat(testApi.middleware),
  });
  return { testApi, store };
}

/** Accepts only the bearer 'new': an expired session until the refresh has happened. */
const acceptsNewToken = ({ authorization, path }: FakeCall) =>
  authorization === 'Bearer new'
    ? { body: { n: Number(path.split('/')[1]) } }
    : { status: 401, body: { detail: 'Token expired' } };

describe('re-auth base query', () => {
  afterEach(() => jest.mocked(readAccessToken).mockReturnValue(null));

  it('sends the session token as a bearer, with cookies', async () => {
    const server = fakeApiServer({ 'GET thing/1/': { body: { n: 1 } } });
    const { testApi, store } = setup(server, 'abc');

    await store.dispatch(testApi.endpoints.thing.initiate(1));

    expect(server.calls).toEqual([
      {
        method: 'GET',
        path: 'thing/1/',
        authorization: 'Bearer abc',
        credentials: 'include',
        body: undefined,
      },
    ]);
  });

  it('falls back to the access_token cookie when the session holds no token', async () => {
    jest.mocked(readAccessToken).mockReturnValue('from-cookie');
    const server = fakeApiServer({ 'GET thing/1/': { body: { n: 1 } } });
    const { testApi, store } = setup(server, null);

    await store.dispatch(testApi.endpoints.thing.initiate(1));

    expect(server.calls[0].authorization).toBe('Bearer from-cookie');
  });

  it('on a 401 refreshes once, stores the new token and retries the call once', async () => {
    const server = fakeApiServer({
      'GET thing/1/': acceptsNewToken,
      'POST token/refresh/': { body: { access: 'new' } },
    });
    const { testApi, store } = setup(server);

    const result = await store.dispatch(testApi.endpoints.thing.initiate(1));

    expect(result.data).toEqual({ n: 1 });
    expect(server.calls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      'GET thing/1/ Bearer old',
      // The refresh is authenticated by its cookie; an expired bearer is not sent with it.
      'POST token/refresh/ null',
      'GET thing/1/ Bearer new',
    ]);
    expect(store.getState().auth.token).toBe('new');
  });

  it('reads a refreshed token spelled `token` as well as `access`', async () => {
    const server = fakeApiServer({
      'GET thing/1/': acceptsNewToken,
      'POST token/refresh/': { body: { token: 'new' } },
    });
    const { testApi, store } = setup(server);

    const result = await store.dispatch(testApi.endpoints.thing.initiate(1));

    expect(result.data).toEqual({ n: 1 });
  });

  it('retries only once: a second 401 is returned to the caller', async () => {
    const server = fakeApiServer({
      'GET thing/1/': { status: 401, body: { detail: 'No.' } },
      'POST token/refresh/': { body: { access: 'new' } },
    });
    const { testApi, store } = setup(server);

    const result = await store.dispatch(testApi.endpoints.thing.initiate(1));

    expect(result.error).toMatchObject({ status: 401 });
    expect(server.callsTo('GET thing/1/')).toHaveLength(2);
    expect(server.callsTo('POST token/refresh/')).toHaveLength(1);
  });

  it('clears the session silently when the refresh fails, without retrying', async () => {
    const server = fakeApiServer({
      'GET thing/1/': acceptsNewToken,
      'POST token/refresh/': { status: 401, body: { detail: 'Refresh token expired' } },
    });
    const { testApi, store } = setup(server);

    const result = await store.dispatch(testApi.endpoints.thing.initiate(1));

    expect(result.error).toMatchObject({ status: 401, data: { detail: 'Token expired' } });
    expect(store.getState().auth).toMatchObject({ token: null, user: null, roles: [] });
    expect(server.callsTo('GET thing/1/')).toHaveLength(1);
  });

  it('never refreshes for a 401 of the refresh call itself', async () => {
    const server = fakeApiServer({ 'POST token/refresh/': { status: 401, body: {} } });
    const { testApi, store } = setup(server);

    const result = await store.dispatch(testApi.endpoints.refresh.initiate());

    expect('error' in result && result.error).toMatchObject({ status: 401 });
    expect(server.calls).toHaveLength(1);
  });

  it('respects skipAuthRefresh in extraOptions', async () => {
    const server = fakeApiServer({
      'POST token/': { status: 401, body: { detail: 'No active account' } },
      'POST token/refresh/': { body: { access: 'new' } },
    });
    const { testApi, store } = setup(server);

    await store.dispatch(testApi.endpoints.login.initiate());

    expect(server.calls.map((c) => c.path)).toEqual(['token/']);
    expect(store.getState().auth.token).toBe('old');
  });

  it('respects skipAuthRefresh on the request and does not send the flag', async () => {
    const server = fakeApiServer({
      'POST auth/verify-otp': { status: 401, body: { detail: 'Bad code' } },
      'POST token/refresh/': { body: { access: 'new' } },
    });
    const { testApi, store } = setup(server);

    await store.dispatch(testApi.endpoints.flaggedPerRequest.initiate());

    expect(server.calls).toEqual([
      {
        method: 'POST',
        path: 'auth/verify-otp',
        authorization: 'Bearer old',
        credentials: 'include',
        body: {},
      },
    ]);
  });

  it('shares one refresh among concurrent 401s and retries each call', async () => {
    const releaseRefresh = deferred();
    const server = fakeApiServer({
      'GET thing/1/': acceptsNewToken,
      'GET thing/2/': acceptsNewToken,
      'GET thing/3/': acceptsNewToken,
      'POST token/refresh/': async () => {
        await releaseRefresh.promise;
        return { body: { access: 'new' } };
      },
    });
    const { testApi, store } = setup(server);

    const pending = [1, 2, 3].map((n) => store.dispatch(testApi.endpoints.thing.initiate(n)));
    // Let all three fail with 401 while the refresh is still outstanding.
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseRefresh.resolve();
    const results = await Promise.all(pending);

    expect(results.map((r) => r.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(server.callsTo('POST token/refresh/')).toHaveLength(1);
  });

  it('retries without refreshing when another call refreshed after this one was sent', async () => {
    const slowReply = deferred();
    const server = fakeApiServer({
      // thing/1 was sent with the old token and answers 401 only after thing/2 refreshed.
      'GET thing/1/': async (call) => {
        if (call.authorization === 'Bearer old') await slowReply.promise;
        return acceptsNewToken(call);
      },
      'GET thing/2/': acceptsNewToken,
      'POST token/refresh/': { body: { access: 'new' } },
    });
    const { testApi, store } = setup(server);

    const first = store.dispatch(testApi.endpoints.thing.initiate(1));
    const second = await store.dispatch(testApi.endpoints.thing.initiate(2));
    slowReply.resolve();

    expect(second.data).toEqual({ n: 2 });
    expect((await first).data).toEqual({ n: 1 });
    expect(server.callsTo('POST token/refresh/')).toHaveLength(1);
  });

  it('queues an explicit refresh behind one already under way', async () => {
    const releaseRefresh = deferred();
    const server = fakeApiServer({
      'GET thing/1/': acceptsNewToken,
      'POST token/refresh/': async () => {
        await releaseRefresh.promise;
        return { body: { access: 'new' } };
      },
    });
    const { testApi, store } = setup(server);

    const query = store.dispatch(testApi.endpoints.thing.initiate(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const explicit = store.dispatch(testApi.endpoints.refresh.initiate());
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(server.callsTo('POST token/refresh/')).toHaveLength(1);
    releaseRefresh.resolve();
    await Promise.all([query, explicit]);
    expect(server.callsTo('POST token/refresh/')).toHaveLength(2);
  });

  it('stores the token of an explicit refresh', async () => {
    const server = fakeApiServer({ 'POST token/refresh/': { body: { access: 'new' } } });
    const { testApi, store } = setup(server, null);

    await store.dispatch(testApi.endpoints.refresh.initiate());

    expect(store.getState().auth.token).toBe('new');
  });
});
