import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input.tsx';

function stubScreen(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('SearchInput', () => {
  it('names the Ctrl+K shortcut on a screen with a keyboard and a mouse', () => {
    stubScreen(true);
    render(<SearchInput id="s" value="" onChange={() => {}} placeholder="Search staff" focusShortcut />);
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', 'Search staff (Ctrl+K)');
  });

  it('leaves the hint out on phones and touch screens', () => {
    stubScreen(false);
    render(<SearchInput id="s" value="" onChange={() => {}} placeholder="Search staff" focusShortcut />);
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', 'Search staff');
  });
});
