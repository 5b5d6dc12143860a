import { describe, expect, it } from 'vitest';
import { passwordChangeProblem } from './password-change-rules.ts';

describe('passwordChangeProblem', () => {
  it('needs the current password first', () => {
    expect(
      passwordChangeProblem({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ).toMatchObject({ field: 'currentPassword' });
  });

  it('needs a new password', () => {
    expect(
      passwordChangeProblem({ currentPassword: 'old', newPassword: '', confirmPassword: '' }),
    ).toMatchObject({
      field: 'newPassword',
    });
  });

  it('refuses a new password under 6 characters', () => {
    expect(
      passwordChangeProblem({ currentPassword: 'old', newPassword: 'abcde', confirmPassword: 'abcde' }),
    ).toEqual({
      field: 'newPassword',
      title: 'Password Too Short',
      message: 'Password must be at least 6 characters long.',
    });
  });

  it('refuses a confirmation that differs', () => {
    expect(
      passwordChangeProblem({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdeg' }),
    ).toEqual({
      field: 'confirmPassword',
      title: 'Password Mismatch',
      message: 'New password and confirmation password do not match.',
    });
  });

  it('accepts a complete, confirmed change of 6 characters or more', () => {
    expect(
      passwordChangeProblem({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ).toBeNull();
  });
});
