import { PASSWORD_MIN_LENGTH } from '@trowel/shared/config/constants.ts';
import { PASSWORD_TOO_SHORT } from '@trowel/shared/users/user.schemas.ts';

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PasswordChangeProblem {
  field: keyof PasswordChangeValues;
  title: string;
  message: string;
}

export const PASSWORD_MISMATCH = 'New password and confirmation password do not match.';

/** The first reason the change cannot be sent, checked in the order the form is filled; null when it can. */
export function passwordChangeProblem(values: PasswordChangeValues): PasswordChangeProblem | null {
  if (!values.currentPassword) {
    return {
      field: 'currentPassword',
      title: 'Missing Information',
      message: 'Please enter your current password.',
    };
  }
  if (!values.newPassword) {
    return { field: 'newPassword', title: 'Missing Information', message: 'Please enter a new password.' };
  }
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) {
    return { field: 'newPassword', title: 'Password Too Short', message: PASSWORD_TOO_SHORT };
  }
  if (values.newPassword !== values.confirmPassword) {
    return { field: 'confirmPassword', title: 'Password Mismatch', message: PASSWORD_MISMATCH };
  }
  return null;
}
