import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { acceptCookies, expect, test } from '../fixtures';

/** A fresh account per run: the worker's product outlives a single test. */
function newAccount(tag: string) {
  const id = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: id, email: `${id}@e2e.test`, password: 'Start123!' };
}

type Account = ReturnType<typeof newAccount>;

/** Registers through the API with a cookie jar of its own, so the page stays signed out. */
async function register(request: APIRequestContext, account: Account) {
  const reply = await request.post('/api/v1/user/register/', {
    data: { ...account, password_confirmation: account.password },
  });
  expect(reply.status()).toBe(201);
}

interface OutboxMail {
  to: string;
  code: string;
  purpose: 'verify' | 'reset';
}

/** The codes of `purpose` mailed to `email`, oldest first, from the dev mail outbox. */
function mailedCodes(dataDir: string, email: string, purpose: OutboxMail['purpose']): string[] {
  let text: string;
  try {
    text = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMail)
    .filter((mail) => mail.to === email && mail.purpose === purpose)
    .map((mail) => mail.code);
}

/** The newest code of `purpose` mailed to `email`. */
function latestCode(dataDir: string, email: string, purpose: OutboxMail['purpose']): string | null {
  return mailedCodes(dataDir, email, purpose).at(-1) ?? null;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe('auth journeys', () => {
  test('sign up (after the validation messages), verify with the mailed code, log out from the sidebar, log back in', async ({
    page,
    product,
  }) => {
    const account = newAccount('signup');
    await page.goto('/auth/signup');
    await acceptCookies(page);
    await expect(page.getByRole('heading', { name: 'Sign up to join the product' })).toBeVisible();
    await expect(page.getByText('Already have an account?')).toBeVisible();

    const submit = page.getByRole('button', { name: 'Sign Up for Free' });
    await submit.click();
    for (const message of [
      'Username is required',
      'Email is required',
      'Password is required',
      'Confirm Password is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('start');
    const rules = page.getByRole('list', { name: 'Password requirements' });
    await expect(rules.locator('[data-met="true"]')).toHaveCount(1);
    await password.fill(account.password);
    await expect(rules.locator('[data-met="true"]')).toHaveCount(5);
    await page.getByLabel('Confirm password').fill('Start123?');
    await submit.click();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signup$/);

    await page.getByLabel('Confirm password').fill(account.password);
    await submit.click();
    // Sign-up mails the verification code and goes to get-started (SPEC), which asks for it.
    await expect(page).toHaveURL(/\/user\/get-started$/);
    await expect(
      page.getByText('Registration successful! We sent a verification code to your email.'),
    ).toBeVisible();
    const prompt = page.getByRole('region', { name: 'Verify your email' });
    await expect(prompt).toContainText(`We sent a 6-digit code to ${account.email}`);
    await prompt.getByRole('button', { name: 'Enter the code' }).click();
    await expect(page).toHaveURL(/\/auth\/verify-otp$/);
    await expect(page.getByText("Didn't get any code?")).toBeVisible();
    await expect
      .poll(() => latestCode(product.dataDir, account.email, 'verify'))
      .toMatch(/^\d{6}$/);
    await page
      .getByLabel('Verification code')
      .fill(latestCode(product.dataDir, account.email, 'verify') ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Email verified')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/get-started$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${account.username}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verify your email' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

    await logIn(page, account.email, account.password);
    await expect(page.getByText('Logged in successfully!')).toBeVisible();
    // A new account holds no role yet.
    await expect(page).toHaveURL(/\/user\/get-started$/);
  });

  test("a wrong password shows the server's message and stays on login", async ({ page }) => {
    await page.goto('/auth/login');
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await logIn(page, 'brand@demo.test', 'not-the-password');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test('a guard sends a signed-out visitor to login and back to the page afterwards', async ({
    page,
  }) => {
    await page.goto('/brand/products');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await acceptCookies(page);
    await page.getByLabel('Email').fill('brand@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Brand123!');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/brand\/products$/);
  });

  test('forgot password, read the mailed code, reset, and log in with the new password', async ({
    page,
    request,
    product,
  }) => {
    const account = newAccount('reset');
    await register(request, account);

    await page.goto('/auth/login');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByText('Password reset code sent to the email')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    await expect(page.getByLabel('Email')).toHaveValue(account.email);

    await expect.poll(() => latestCode(product.dataDir, account.email, 'reset')).toMatch(/^\d{6}$/);
    const code = latestCode(product.dataDir, account.email, 'reset') ?? '';

    const newPassword = 'Changed456#';
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(
      page.getByText('Password has been reset successfully! Please log in with your new password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await logIn(page, account.email, account.password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await logIn(page, account.email, newPassword);
    await expect(page).toHaveURL(/\/user\/get-started$/);
  });

  test('verify the account with the mailed code', async ({ page, request, product }) => {
    const account = newAccount('verify');
    await register(request, account);

    await page.goto('/auth/verify-otp');
    await acceptCookies(page);
    // Registering mailed a first code; Send code replaces it with a new one, mailed after the
    // reply, so the test waits for that second mail rather than taking the first.
    await expect.poll(() => mailedCodes(product.dataDir, account.email, 'verify')).toHaveLength(1);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Verification code sent to the email')).toBeVisible();

    await expect.poll(() => mailedCodes(product.dataDir, account.email, 'verify')).toHaveLength(2);
    await page
      .getByLabel('Verification code')
      .fill(latestCode(product.dataDir, account.email, 'verify') ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByText('Account verified successfully! You can now log in.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('an unknown /auth path shows not-found with a Home link', async ({ page }) => {
    await page.goto('/auth/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // The layout's logo is a Home link too; this is the one the not-found page offers.
    await page.getByRole('main').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('auth screens look right', () => {
  const screens = [
    ['login', '/auth/login', 'Sign in to your account'],
    ['signup', '/auth/signup', 'Sign up to join the product'],
    ['verify-otp', '/auth/verify-otp', 'Verify your email'],
    ['forgot-password', '/auth/forgot-password', 'Forgot your password?'],
    ['reset-password', '/auth/reset-password', 'Reset your password'],
    ['not-found', '/auth/nowhere', 'Page not found'],
  ] as const;

  for (const theme of ['light', 'dark'] as const) {
    for (const [width, device] of [
      [1280, 'desktop'],
      [390, 'phone'],
    ] as const) {
      test(`${theme} theme, ${device}`, async ({ page, screenshotAt }) => {
        await page.setViewportSize({ width, height: device === 'phone' ? 844 : 800 });
        await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
        for (const [name, path, heading] of screens) {
          await page.goto(path);
          await acceptCookies(page);
          await expect(page.getByRole('heading', { name: heading })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          if (name === 'signup') {
            // Show the checklist half ticked and the validation messages, as users see them.
            await page.getByLabel('Password', { exact: true }).fill('abc1');
            await page.getByRole('button', { name: 'Sign Up for Free' }).click();
            await expect(page.getByText('Username is required')).toBeVisible();
          }
          // Nothing may stick out sideways on a phone.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
          await screenshotAt(`auth-${name}-${theme}-${device}`);
        }
      });
    }
  }
});
