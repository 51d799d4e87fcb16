// A client developer's first lines against the generated types (openapi-typescript) and
// openapi-fetch: compiled by `npm run openapi:check`, so a document a generator cannot turn into
// a usable typed client fails CI. `schema.d.ts` is generated beside this file, never committed.
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: 'http://localhost:8000' });

export async function firstBrandName(token: string): Promise<string | undefined> {
  const { data, error } = await client.GET('/api/v1/brand/list/', {
    headers: { authorization: `Bearer ${token}` },
  });
  if (error) throw new Error(error.detail);
  return data.brands[0]?.brand_name;
}

/** Signs in; an account with two-factor sign-in on needs a code from `code()` as a second step. */
export async function logIn(
  email: string,
  password: string,
  code: () => Promise<string>,
): Promise<string> {
  const { data, error } = await client.POST('/api/v1/token/', { body: { email, password } });
  if (error) throw new Error(error.detail);
  if (!('mfa_required' in data)) return data.access;
  const second = await client.POST('/api/v1/token/2fa/', {
    body: { mfa_token: data.mfa_token, code: await code() },
  });
  if (second.error) throw new Error(second.error.detail);
  return second.data.access;
}
