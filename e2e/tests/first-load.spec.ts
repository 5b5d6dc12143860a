import { expect, test } from './fixtures.ts';

// This spec needs the app's service worker (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The first-load budget of the sign-in page: everything on the wire, headers included. */
const LOGIN_BUDGET_BYTES = 200 * 1024;

interface Transfer {
  url: string;
  status: number;
  contentEncoding: string | undefined;
  encodedBytes: number;
}

test('/login loads in at most 200 KB, its scripts and styles brotli-compressed, without charts or the app shell', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, Omit<Transfer, 'encodedBytes'>>();
  const transfers: Transfer[] = [];
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    responses.set(requestId, {
      url: response.url,
      status: response.status,
      contentEncoding: headers['content-encoding'],
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (response) transfers.push({ ...response, encodedBytes: encodedDataLength });
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const total = transfers.reduce((sum, transfer) => sum + transfer.encodedBytes, 0);
  const listing = transfers.map((transfer) => `${transfer.encodedBytes} ${transfer.url}`).join('\n');
  test.info().annotations.push({ type: 'first load of /login', description: `${total} bytes\n${listing}` });
  console.log(`first load of /login: ${total} bytes (${(total / 1024).toFixed(1)} KiB)\n${listing}`);
  expect(total, listing).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);

  const assets = transfers.filter((transfer) => /\/assets\/[^/]+\.(js|css)$/.test(transfer.url));
  expect(assets.length).toBeGreaterThan(0);
  // Only tiny files (the bundler's runtime) have no compressed copy.
  for (const asset of assets.filter((transfer) => transfer.encodedBytes > 2048)) {
    expect(asset.contentEncoding, asset.url).toBe('br');
  }
  const chunkNames = assets.map((asset) => new URL(asset.url).pathname);
  expect(
    chunkNames.some((name) => /\/(charts|signed-in|dropdown-menu)-/.test(name)),
    listing,
  ).toBe(false);
});

test('an API list over 1 KB comes back compressed, and the page still shows it', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'admin@trowel.test', password: 'demo1234' },
  });
  const { token } = (await login.json()) as { token: string };
  const response = await page.request.get('/api/projects', {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['vary']).toMatch(/accept-encoding/i);
  const body = (await response.json()) as { success: boolean; projects: unknown[] };
  expect(body.success).toBe(true);
  expect(body.projects.length).toBeGreaterThan(0);
});

test('Trowel is installable as an app: Chromium finds its manifest, icons and service worker sufficient', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // The service worker controls the page once it is active (installability needs it).
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker?.ready));
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  // A test's browser context is incognito, where Chromium never offers an install; every other check must pass.
  const blocking = async () =>
    (
      (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }
    ).installabilityErrors
      .map((error) => error.errorId)
      .filter((id) => id !== 'in-incognito');
  await expect.poll(blocking).toEqual([]);
});
