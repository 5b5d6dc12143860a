import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPEARANCE_DEFAULTS } from '@trowel/shared/settings/appearance.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { APPEARANCE_STORAGE_KEY, saveAppearance } from '../../../lib/appearance.ts';
import { buildUser } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AppearanceCard } from './appearance-card.tsx';

afterEach(() => saveAppearance(APPEARANCE_DEFAULTS));

describe('AppearanceCard', () => {
  it('applies dark and compact mode to the whole page at once and keeps them in this browser', async () => {
    renderWithProviders(<AppearanceCard />, { user: buildUser() });
    await userEvent.click(screen.getByRole('switch', { name: 'Dark Mode' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Compact Mode' }));
    expect(document.documentElement).toHaveClass('dark', 'compact');
    expect(JSON.parse(window.localStorage.getItem(APPEARANCE_STORAGE_KEY)!)).toMatchObject({
      darkMode: true,
      compactMode: true,
    });
    await userEvent.click(screen.getByRole('switch', { name: 'Dark Mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('starts on the day-first DD/MM/YYYY, keeping MM/DD/YYYY among the choices', async () => {
    window.localStorage.removeItem(APPEARANCE_STORAGE_KEY);
    renderWithProviders(<AppearanceCard />, { user: buildUser() });
    const format = screen.getByLabelText('Date Format');
    expect(format).toHaveValue('DD/MM/YYYY');
    expect(within(format).getByRole('option', { name: /MM\/DD\/YYYY/ })).toBeInTheDocument();
  });

  it('sets the language of the page and the date format of every date shown', async () => {
    renderWithProviders(<AppearanceCard />, { user: buildUser() });
    expect(screen.getByText(/Screen texts stay in English/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    expect(document.documentElement.lang).toBe('fr');
    await userEvent.selectOptions(screen.getByLabelText('Date Format'), 'YYYY-MM-DD');
    expect(screen.getByText(/^Example: \d{4}-\d{2}-\d{2}, /)).toBeInTheDocument();
  });

  it('uses a chosen theme colour for the blue scale, and the default drops it', async () => {
    saveAppearance({ themeColor: '#16a34a' });
    expect(document.documentElement).toHaveClass('themed');
    expect(document.documentElement.style.getPropertyValue('--theme-color')).toBe('#16a34a');
    saveAppearance({ themeColor: APPEARANCE_DEFAULTS.themeColor });
    expect(document.documentElement).not.toHaveClass('themed');
  });
});
