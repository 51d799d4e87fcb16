/** A public-looking host name Chromium resolves to this machine (playwright.config.ts). */
export const E2E_SHOP_HOST = 'shop.e2e-journeys.test';
