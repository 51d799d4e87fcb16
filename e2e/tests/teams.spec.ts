// Brand teams, the audit log and two-factor sign-in (issue 28), through the screens.
import { generate } from 'otplib';
import { acceptCookies, expect, shootScreen, test } from '../fixtures';
import { invitationPathFor } from '../outbox';
import {
  brandWithCampaign,
  joinedAdvocate,
  ok,
  PASSWORD,
  register,
  secretKey,
  setPayoutSettings,
  signIn,
} from '../journeys';

test.describe('brand teams', () => {
  test('the owner invites a finance member who signs up from the email, approves a commission and pays it; both are in the audit log with their name', async ({
    browser,
    baseURL,
    product,
  }) => {
    test.setTimeout(300_000);
    // The brand, a $4-per-sale campaign, a secret key, a $1 payout minimum (API set-up).
    const ownerContext = await browser.newContext({ baseURL });
    const ownerPage = await ownerContext.newPage();
    const owner = await register(ownerPage.request, 'teamowner');
    const { brandId, campaignId } = await brandWithCampaign(ownerPage.request, owner, {
      brandName: 'Team Roasters',
      campaign: { title: 'Team Drop', commission_type: 'flat', commission_value: 4 },
    });
    const secret = await secretKey(ownerPage.request, owner, brandId);
    await setPayoutSettings(ownerPage.request, owner, brandId, {
      hold_days: 30,
      payout_minimum: 1,
    });
    await signIn(ownerPage.request, owner);

    // An advocate joins, keeps a PayPal method, and a sale is reported with the secret key.
    const advocateContext = await browser.newContext({ baseURL });
    const advocatePage = await advocateContext.newPage();
    const { advocate, via } = await joinedAdvocate(advocatePage.request, 'teamadv', campaignId);
    await ok(
      await advocatePage.request.post('/api/v1/payout-methods/', {
        data: { type: 'paypal', paypal_email: 'teamadv@pay.example' },
        headers: advocate.auth,
      }),
    );
    await ok(
      await advocatePage.request.post('/api/v1/sdk-log-conversion/', {
        data: { conversionRef: 'team-order-1', via, value: 20 },
        headers: { Authorization: `Bearer ${secret}` },
      }),
    );

    // The owner invites a finance member from Brands → the brand → Team.
    const financeEmail = `fin${Date.now().toString(36)}@example.test`;
    await ownerPage.goto(`/brand/brands/${brandId}`);
    await acceptCookies(ownerPage);
    await ownerPage.getByRole('link', { name: 'Team' }).click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await ownerPage.getByLabel('Email', { exact: true }).fill(financeEmail);
    await ownerPage.getByLabel('Role', { exact: true }).selectOption('finance');
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    await expect(ownerPage.getByText(`Invitation sent to ${financeEmail}`)).toBeVisible();
    await shootScreen(ownerPage, 'team');

    // The invitee opens the emailed link and signs up with that address.
    let link = '';
    await expect.poll(() => (link = invitationPathFor(product.dataDir, financeEmail))).not.toBe('');
    const financeContext = await browser.newContext({ baseURL });
    const financePage = await financeContext.newPage();
    await financePage.goto(link);
    await acceptCookies(financePage);
    // The page says who invites, to which brand and as what; sign-up starts with the invited email.
    await expect(financePage.getByRole('heading', { name: 'Join Team Roasters' })).toBeVisible();
    await expect(financePage.getByText('Finance', { exact: true })).toBeVisible();
    await financePage.getByRole('link', { name: 'Create an account' }).click();
    const username = financeEmail.split('@')[0];
    await financePage.getByLabel('Username').fill(username);
    await expect(financePage.getByLabel('Email')).toHaveValue(financeEmail);
    await financePage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await financePage.getByLabel('Confirm password').fill(PASSWORD);
    await financePage.getByRole('button', { name: 'Sign Up for Free' }).click();
    // Signed up, the invitation comes back (verifying the email can wait).
    await expect(financePage).toHaveURL(/\/auth\/invitation\?token=/);
    await financePage.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(financePage).toHaveURL(new RegExp(`/brand/brands/${brandId}$`));
    await expect(financePage.getByText('You joined Team Roasters as finance')).toBeVisible();
    // The header names their role on this brand, not 'Brand Owner', at once: accepting loads
    // the signed-in user's memberships again.
    await expect(financePage.getByRole('button', { name: 'Finance', exact: true })).toBeVisible();

    // The finance member approves the commission and creates the payout.
    await financePage.goto(`/brand/payouts?brandId=${brandId}`);
    const review = financePage.getByRole('table', { name: 'Pending conversions' });
    const row = review.getByRole('row', { name: /team-order-1/ });
    await row.getByRole('checkbox').check();
    await financePage.getByRole('button', { name: 'Approve selected' }).click();
    await expect(financePage.getByText('1 conversion approved')).toBeVisible();
    await financePage.reload();
    await financePage.getByRole('button', { name: 'Create payouts' }).click();
    await financePage
      .getByRole('dialog', { name: 'Create payouts' })
      .getByRole('button', { name: 'Confirm 1 payout' })
      .click();
    await expect(
      financePage
        .getByRole('table', { name: 'Payouts' })
        .getByRole('row', { name: /teamadv@pay\.example/ }),
    ).toBeVisible();

    // The owner's audit log names the member for both.
    await ownerPage.goto(`/brand/brands/${brandId}/audit-log`);
    const log = ownerPage.getByRole('table', { name: 'Audit log' });
    for (const action of ['Review decision approved', 'Payout created']) {
      const entry = log.getByRole('row', { name: new RegExp(action) });
      await expect(entry).toBeVisible();
      await expect(entry.getByText(username, { exact: true })).toBeVisible();
    }
    await shootScreen(ownerPage, 'audit-log');
  });

  test('a user turns on two-factor and signs in with a code computed from the secret', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const user = await register(page.request, 'twofa');
    await page.goto('/user/profile');
    await acceptCookies(page);
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      card.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const secret = ((await card.getByLabel('Secret key').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Turning it on takes the password as well as a first code (issue 33, item 5).
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByLabel('Code from the app').fill(await generate({ secret }));
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(card.getByLabel('Recovery codes')).toBeVisible();
    await shootScreen(page, 'two-factor-recovery-codes');
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByText('10 recovery codes left.')).toBeVisible();

    // Signed out, the password alone no longer opens the account.
    await context.clearCookies();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    // The enabling code was used: the app's next code (one step ahead is accepted).
    await page
      .getByLabel('Authentication code')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Logged in successfully!')).toBeVisible();
    await expect(page).not.toHaveURL(/\/auth\//);
  });
});
