import { expect, type Locator, type Page } from '@playwright/test';

/**
 * How the focused element shows it has focus: an outline, or a ring (Tailwind's rings are box shadows
 * with no offset and no blur, unlike the soft shadows cards and buttons wear anyway). Null when it
 * shows nothing.
 */
function focusIndicator(): string | null {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return 'the page';
  const style = getComputedStyle(focused);
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return 'outline';
  return /(^|,\s*|\) )0px 0px 0px [1-9]/.test(style.boxShadow) ? 'ring' : null;
}

/** The focused element, as a person would name it (for failure messages). */
function describeFocus(): string {
  const focused = document.activeElement;
  if (!focused) return 'nothing';
  const name = focused.getAttribute('aria-label') ?? (focused.textContent ?? '').trim().slice(0, 40);
  const style = getComputedStyle(focused);
  return `<${focused.tagName.toLowerCase()}> "${name}" (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow})`;
}

/** The element with focus shows it (once its transition, if any, has run). */
export async function expectFocusVisible(page: Page) {
  const shows = () => page.evaluate(focusIndicator);
  if (await shows()) return;
  await expect
    .poll(shows, { message: `no visible focus on ${await page.evaluate(describeFocus)}`, timeout: 2000 })
    .not.toBeNull();
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has focus, checking that every element
 * focused on the way shows its focus; fails after `limit` presses.
 */
export async function tabTo(page: Page, target: Locator, { limit = 60, backwards = false } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(
    `Tab did not reach the target in ${limit} presses (focus on ${await page.evaluate(describeFocus)})`,
  );
}

/** Whether focus is inside the element. */
export function focusIsWithin(element: Locator) {
  return element.evaluate((root) => root.contains(document.activeElement));
}

/** Tab and Shift+Tab go round the dialog's controls and never leave it. */
export async function expectFocusTrapped(page: Page, dialog: Locator) {
  expect(await focusIsWithin(dialog), 'focus moves into the dialog when it opens').toBe(true);
  const stops = await dialog.evaluate(
    (root) =>
      root.querySelectorAll('button:not([disabled]), input, select, textarea, a[href], [tabindex="0"]')
        .length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let presses = 0; presses <= stops + 1; presses += 1) {
      await page.keyboard.press(key);
      expect(await focusIsWithin(dialog), `${key} ${presses + 1} stays in the dialog`).toBe(true);
      await expectFocusVisible(page);
    }
  }
}

/**
 * A toast saying `text` is shown in the polite live region (read out when the reader is idle), and
 * focus stayed where it was: not moved to the toast.
 */
export async function expectPoliteToast(page: Page, text: string | RegExp) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(page.locator('[aria-live="polite"]').filter({ has: toast })).toHaveCount(1);
  await expect(page.locator('[aria-live="assertive"]').filter({ has: toast })).toHaveCount(0);
  const inToaster = await page.evaluate(
    () =>
      document.activeElement?.closest('[data-sonner-toaster]') !== null && document.activeElement !== null,
  );
  expect(inToaster, 'the toast took focus').toBe(false);
}

/** Chooses the option of a focused select whose text is `label` with the arrow keys. */
export async function chooseWithArrows(page: Page, select: Locator, label: string, limit = 40) {
  await expect(select).toBeFocused();
  for (let presses = 0; presses < limit; presses += 1) {
    const chosen = await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text);
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`"${label}" is not an option reached with the arrow keys`);
}
