// The server writes each auth page's frame (heading, intro, top-bar prompt, cookie notice) into
// the HTML so it paints before any script; the shell removes it once React has drawn the screen.
// Those texts are copies of the screens' own, so this checks that every copy says exactly what
// the screen it stands in for then draws.
import { expect, test } from '../fixtures';

const text = (html: string, pattern: RegExp): string | undefined =>
  pattern
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

for (const path of ['/auth/login', '/auth/signup']) {
  test(`${path}: the HTML first paint says what the screen then draws, and goes away`, async ({
    page,
  }) => {
    const html = await (await page.request.get(path)).text();
    const title = text(html, /<p class="fp-title">(.*?)<\/p>/);
    const intro = text(html, /<p class="fp-muted">(.*?)<\/p>/);
    const prompt = text(html, /<div class="fp-top"><span>(.*?) <b>/);
    const promptLink = text(html, /<div class="fp-top"><span>.*? <b>(.*?)<\/b>/);
    const cookies = text(html, /<div class="fp-cookies"><p>(.*?)<\/p>/);
    expect(title).toBeTruthy();

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('#first-paint')).toHaveCount(0);
    if (intro) await expect(page.getByText(intro, { exact: true })).toBeVisible();
    if (prompt) await expect(page.getByRole('main').getByText(prompt).first()).toBeVisible();
    if (promptLink) await expect(page.getByRole('link', { name: promptLink })).toBeVisible();
    if (cookies) await expect(page.getByText(cookies, { exact: true })).toBeVisible();
  });
}
