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

export async function logIn(email: string, password: string): Promise<string> {
  const { data, error } = await client.POST('/api/v1/token/', { body: { email, password } });
  if (error) throw new Error(error.detail);
  return data.access;
}
