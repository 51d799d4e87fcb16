// Set-up steps the journeys share, through the API in a page's request context (so the browser
// holds the same session cookies).
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** The password of every account a journey registers. */
export const PASSWORD = 'Brand1234!';

/** The reply's JSON, failing the test (with the server's answer) unless it is a 2xx. */
export async function ok<T>(reply: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(reply.ok(), `${reply.url()} → ${reply.status()} ${await reply.text()}`).toBe(true);
  return (await reply.json()) as T;
}

export interface Account {
  id: number;
  token: string;
  username: string;
  email: string;
  auth: { Authorization: string };
}

/** A fresh account registered (and signed in) in `request`'s context. */
export async function register(request: APIRequestContext, prefix: string): Promise<Account> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.test`;
  const reply = await ok<{ access?: string; token?: string; user_id: number }>(
    await request.post('/api/v1/user/register/', {
      data: { username, email, password: PASSWORD, password_confirmation: PASSWORD },
    }),
  );
  const token = reply.access ?? reply.token ?? '';
  return { id: reply.user_id, token, username, email, auth: { Authorization: `Bearer ${token}` } };
}
