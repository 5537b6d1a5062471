/**
 * The Content Security Policy in the browser (issue 10 §3; server/src/lib/security-headers.ts,
 * docs/security.md) and the `cspViolations` fixture of ./support that every spec runs with:
 * - the dashboard and the preview answer with their policies;
 * - an inline script is refused on the dashboard, in a preview iframe and in a popup, and each
 *   refusal fails its test through the fixture (`test.fail`: the body itself passes — it checks
 *   that the script did not run — so only the fixture can make these tests fail as expected).
 */
import { expect, test } from './support';

const INLINE = 'window.__inlineRan = true;';

test('the dashboard and the preview answer with their policies', async ({ page }) => {
  const login = await page.goto('/login');
  const appPolicy = (await login!.allHeaders())['content-security-policy'];
  expect(appPolicy).toContain("script-src 'self'");
  expect(appPolicy).toContain("frame-ancestors 'self'");
  expect(appPolicy).not.toContain('unsafe-eval');
  const preview = await page.goto('/preview/current?preview=true');
  const previewPolicy = (await preview!.allHeaders())['content-security-policy'];
  expect(previewPolicy).toContain('frame-ancestors *');
  expect(previewPolicy).toContain("script-src 'self'");
  await expect(page.getByText('Waiting for the vidbot’s data…')).toBeVisible();
});

test.describe('a refused inline script fails the test', () => {
  test('on the dashboard', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    await page.addScriptTag({ content: INLINE }).catch(() => undefined);
    expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  });

  test('in a preview iframe', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = '/preview/current?preview=true';
      frame.id = 'pv';
      document.body.append(frame);
    });
    await expect(page.frameLocator('#pv').getByText('Waiting for the vidbot’s data…')).toBeVisible();
    const frame = page.frames().find((f) => f.url().includes('/preview/current'))!;
    await frame.addScriptTag({ content: INLINE }).catch(() => undefined);
    expect(await frame.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  });

  test('in a popup of another context', async ({ browser }) => {
    test.fail();
    const page = await browser.newPage();
    try {
      await page.goto('/login');
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => window.open('/preview/current?preview=true'))]);
      await expect(popup.getByText('Waiting for the vidbot’s data…')).toBeVisible();
      await popup.addScriptTag({ content: INLINE }).catch(() => undefined);
      expect(await popup.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    } finally {
      await page.context().close();
    }
  });
});
