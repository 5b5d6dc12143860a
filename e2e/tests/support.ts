import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@trowel/shared/auth/session-token.ts';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = {
  admin: 'admin@trowel.test',
  project_manager: 'pm@trowel.test',
  project_lead: 'lead@trowel.test',
  architect: 'architect@trowel.test',
  quantity_surveyor: 'qs@trowel.test',
  accountant: 'accountant@trowel.test',
  store_keeper: 'store@trowel.test',
  team_member: 'engineer@trowel.test',
  client: 'client@trowel.test',
  vendor: 'vendor@trowel.test',
} as const;

/** Signs in through the login form and waits until the app shell shows. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/**
 * Signs in as the web app does after the form (the session's token kept in the browser), without the
 * form's page: the form has tests of its own. Opens `path` and waits until the app shell shows.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = '/') {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const { token } = (await response.json()) as { token: string };
  // Any page of the app's origin will do to keep the token; the health check is the smallest.
  await page.goto('/api/health');
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: TOKEN_STORAGE_KEY,
    value: token,
  });
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/** A bearer token for API set-up steps, as the demo admin. */
export async function adminToken(request: APIRequestContext) {
  const response = await request.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

/** Creates a staff member through the API and answers their email and password. */
export async function createStaff(request: APIRequestContext, role = 'team_member') {
  const token = await adminToken(request);
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@trowel.test`;
  const password = 'e2e-pass-123';
  const response = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Bola Tinubu-Ade', email, password, role },
  });
  expect(response.status()).toBe(201);
  return { email, password };
}

/** Fails when the two elements' boxes overlap on screen (a toast over a page action, say). */
export async function expectApart(first: Locator, second: Locator) {
  const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()]);
  expect(a, 'first box').toBeTruthy();
  expect(b, 'second box').toBeTruthy();
  const overlap =
    a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
}
