import { setNumberLocale } from '@trowel/shared/money/format.ts';
import {
  APPEARANCE_DEFAULTS,
  appearanceSchema,
  DEFAULT_THEME_COLOR,
  type Appearance,
  type Language,
} from '@trowel/shared/settings/appearance.ts';
import { useSyncExternalStore } from 'react';

/** Appearance belongs to the device (spec 2 §7: stored locally), so signing out keeps it. */
export const APPEARANCE_STORAGE_KEY = 'trowel.appearance';

/** The locale of dates and numbers for each language (English as written in Nigeria). */
export const LOCALE_OF: Record<Language, string> = { en: 'en-NG', es: 'es', fr: 'fr', de: 'de' };

function readStored(): Appearance {
  try {
    const stored = window.localStorage.getItem(APPEARANCE_STORAGE_KEY);
    return stored ? appearanceSchema.parse(JSON.parse(stored)) : APPEARANCE_DEFAULTS;
  } catch {
    return APPEARANCE_DEFAULTS;
  }
}

let current: Appearance = typeof window === 'undefined' ? APPEARANCE_DEFAULTS : readStored();
const listeners = new Set<() => void>();

/** The appearance in force on this device. */
export function getAppearance(): Appearance {
  return current;
}

/** Puts an appearance on the root element: dark and compact classes, theme colour, language. */
export function applyAppearance(appearance: Appearance, root: HTMLElement = document.documentElement) {
  root.classList.toggle('dark', appearance.darkMode);
  root.classList.toggle('compact', appearance.compactMode);
  const themed = appearance.themeColor.toLowerCase() !== DEFAULT_THEME_COLOR;
  root.classList.toggle('themed', themed);
  if (themed) root.style.setProperty('--theme-color', appearance.themeColor);
  else root.style.removeProperty('--theme-color');
  root.lang = appearance.language;
  setNumberLocale(LOCALE_OF[appearance.language]);
}

function publish(next: Appearance) {
  current = next;
  applyAppearance(next);
  listeners.forEach((listener) => listener());
}

/** Saves the appearance on this device and applies it at once; throws when the browser refuses to store it. */
export function saveAppearance(changes: Partial<Appearance>): Appearance {
  const next = appearanceSchema.parse({ ...current, ...changes });
  window.localStorage.setItem(APPEARANCE_STORAGE_KEY, JSON.stringify(next));
  publish(next);
  return next;
}

/** Applies the stored appearance before the first render, and follows changes made in other tabs. */
export function startAppearance() {
  applyAppearance(current);
  window.addEventListener('storage', (event) => {
    if (event.key === APPEARANCE_STORAGE_KEY) publish(readStored());
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The appearance, re-rendering when it changes. */
export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribe, getAppearance, getAppearance);
}
