import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../config/constants.ts';
import { passwordSchema } from '../users/user.schemas.ts';
import { ok } from '../http/envelope.ts';
import { browserIdSchema } from '../settings/security-preferences.ts';
import { userDto } from '../users/user.schemas.ts';

export const loginInput = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
  /** This browser's own id (see security-preferences.ts): a sign-in from a browser not seen before is told to the user. */
  browserId: browserIdSchema.optional(),
});
export type LoginInput = z.input<typeof loginInput>;

export const changePasswordInput = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please wait and try again later.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';

// Answers
export const loginAnswer = ok({ token: z.string(), user: userDto, expiresAt: z.string() });
export const currentUserAnswer = ok({ user: userDto });

// What the web app reads from those answers.
export type LoginAnswer = z.output<typeof loginAnswer>;
export type CurrentUserAnswer = z.output<typeof currentUserAnswer>;
