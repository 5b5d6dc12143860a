import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrast, parseOklch } from '../../../build/oklch-contrast.ts';
import { avatarColour, UserAvatar } from './user-avatar.tsx';

describe('UserAvatar', () => {
  it('draws white initials on a colour that reads at 4.5:1 or more, whatever the name', () => {
    const white = parseOklch('oklch(100% 0 0)');
    const names = [
      'Adebayo Ogunleye',
      'Olumide Balogun',
      'Ngozi Eze',
      'Yusuf Abdullahi',
      'Halima Sani',
      'x',
      '',
    ];
    for (let i = 0; i < 360; i++) names.push(`Person ${i}`);
    for (const name of names) {
      expect(contrast(parseOklch(avatarColour(name)), white), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('names a person by their name and keeps the initials out of the text', () => {
    const { getByRole, container } = render(<UserAvatar name="Ngozi Eze" />);
    expect(getByRole('img', { name: 'Ngozi Eze' })).toHaveAttribute('data-initials', 'NE');
    expect(container.textContent).toBe('');
  });
});
