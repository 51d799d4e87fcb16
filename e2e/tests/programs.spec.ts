// A brand's partner program (issue 36): a visitor opens the brand's program page, applies to a
// campaign that takes applications with the answers to the brand's questions (signing up in the
// same form), the brand approves the application into its Gold group on its Applications screen,
// and the new advocate finds their share link, which earns the group's rate.
import { acceptCookies, expect, test } from '../fixtures';
import { brandWithCampaign, ok, PASSWORD, register, secretKey, signIn } from '../journeys';

test.describe('partner program', () => {
  test('a visitor applies with answers, the brand approves into a group, the link earns its rate', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const brandName = `Program Roastery ${stamp}`;

    // The brand: a campaign that takes applications (10%), two questions, a Gold group at 20%.
    const brandContext = await browser.newContext({ baseURL });
    const brandPage = await brandContext.newPage();
    const owner = await register(brandPage.request, 'prog-owner');
    const { brandId, campaignId } = await brandWithCampaign(brandPage.request, owner, {
      brandName,
      campaign: {
        title: 'Ambassadors',
        commission_type: 'percentage',
        commission_value: 10,
        join_mode: 'application',
      },
    });
    const { brand } = await ok<{ brand: { slug: string } }>(
      await brandPage.request.patch(`/api/v1/brand/${brandId}/`, {
        headers: owner.auth,
        data: {
          application_questions: [
            { id: 'audience', label: 'Where do you share coffee?', type: 'text', required: true },
            {
              id: 'followers',
              label: 'How many people follow you?',
              type: 'choice',
              required: true,
              options: ['Under 1,000', 'Over 1,000'],
            },
          ],
        },
      }),
    );
    expect(brand.slug).toBe(`program-roastery-${stamp}`);
    const { group } = await ok<{ group: { id: number } }>(
      await brandPage.request.post(`/api/v1/brand/${brandId}/groups/`, {
        headers: owner.auth,
        data: { name: 'Gold', commission_type: 'percentage', commission_value: 20 },
      }),
    );
    const secret = await secretKey(brandPage.request, owner, brandId);

    // A visitor, signed out, reads the page as the server wrote it, then applies.
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    const html = await (await visitor.request.get(`/programs/${brand.slug}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${brandName} partner program">`);
    expect(html).toContain('<span class="fp-pay">10% of each sale</span>');
    await visitor.goto(`/programs/${brand.slug}`);
    await acceptCookies(visitor);
    await expect(visitor.getByRole('heading', { level: 1, name: brandName })).toBeVisible();
    await expect(visitor.getByText('10% of each sale')).toBeVisible();
    await visitor.getByRole('button', { name: 'Apply to Ambassadors' }).click();
    await visitor.getByLabel('Where do you share coffee?').fill('A brewing channel');
    await visitor.getByLabel('How many people follow you?').selectOption('Over 1,000');
    const username = `prog-adv${stamp}`;
    const email = `${username}@example.test`;
    await visitor.getByLabel('Username').fill(username);
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await visitor.getByLabel('Confirm password').fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Send application' }).click();
    await expect(visitor.getByRole('heading', { name: 'Application sent' })).toBeVisible();

    // The brand decides on its Applications screen: the answers are there; approve into Gold.
    await signIn(brandPage.request, owner);
    await brandPage.goto(`/brand/brands/${brandId}/applications`);
    await acceptCookies(brandPage);
    const row = brandPage.getByRole('row').filter({ hasText: username });
    await expect(row.getByText('A brewing channel')).toBeVisible();
    await expect(row.getByText('Over 1,000')).toBeVisible();
    await row.getByLabel('Group').selectOption(String(group.id));
    await row.getByRole('button', { name: `Approve ${username}` }).click();
    await expect(
      brandPage.getByText(`${username} approved: they joined Ambassadors`),
    ).toBeVisible();

    // The advocate now has their share link on the campaign.
    await visitor.getByRole('link', { name: 'See the campaign' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/advocate/campaigns/${campaignId}$`));
    const link = visitor.getByText(/\/r\/[A-Za-z0-9_-]{16}/).first();
    await expect(link).toBeVisible();
    const via = ((await link.textContent()) ?? '').split('/r/')[1]?.trim().slice(0, 16);
    expect(via).toHaveLength(16);

    // A sale of 20.00 through it earns Gold's 20%, not the campaign's 10%.
    const sale = await ok<{ conversion: { reward_amount: number } }>(
      await brandPage.request.post('/api/v1/sdk-log-conversion/', {
        data: { conversionRef: `prog-${stamp}`, via, value: 20 },
        headers: { Authorization: `Bearer ${secret}` },
      }),
    );
    expect(sale.conversion.reward_amount).toBe(4);

    // The advocate was told, in the app and by email.
    const advocateApi = (await browser.newContext({ baseURL })).request;
    const advocate = await ok<{ access?: string; token?: string }>(
      await advocateApi.post('/api/v1/token/', { data: { email, password: PASSWORD } }),
    );
    const token = advocate.access ?? advocate.token ?? '';
    await expect
      .poll(
        async () => {
          const notes = await ok<{ results?: { title: string }[] } | { title: string }[]>(
            await advocateApi.get('/api/v1/notifications/', {
              headers: { Authorization: `Bearer ${token}` },
            }),
          );
          const list = Array.isArray(notes) ? notes : (notes.results ?? []);
          return list.map((n) => n.title);
        },
        { timeout: 30_000 },
      )
      .toContain(`${brandName} approved your application`);
    await brandContext.close();
    await visitorContext.close();
  });
});
