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
 * The sessions this worker signed in, by account. A sign-in costs the server a password check at its
 * production work factor (scrypt, about a quarter of a CPU-second), and the tests sign in some 170 times a
 * run: each account signs in once per worker (whose server is its own) and its session serves the later
 * tests while the server still takes it. A test that signs out ends it; the next one signs in again.
 */
const sessions = new Map<string, string>();

/** A session token of the account: this worker's session while it lasts, else a new sign-in. */
export async function sessionToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const key = `${email}\n${password}`;
  const kept = sessions.get(key);
  if (kept && (await request.get('/api/auth/me', { headers: bearer(kept) })).ok()) return kept;
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const { token } = (await response.json()) as { token: string };
  sessions.set(key, token);
  return token;
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The authorization header of the account's session (`sessionToken`), for API set-up steps. */
export async function authOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  return bearer(await sessionToken(request, email, password));
}

/**
 * Signs in as the web app does after the form (the session's token kept in the browser), without the
 * form's page: the form has tests of its own. Opens `path` and waits until the app shell shows.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = '/') {
  // Any page of the app's origin will do to keep the token; the health check is the smallest.
  const [token] = await Promise.all([sessionToken(page.request, email, password), page.goto('/api/health')]);
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: TOKEN_STORAGE_KEY,
    value: token,
  });
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/** A bearer token for API set-up steps, as the demo admin. */
export function adminToken(request: APIRequestContext) {
  return sessionToken(request, DEMO_ACCOUNTS.admin);
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
