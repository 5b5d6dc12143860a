import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../config/constants.ts';
import { keysetPaginationDto, pageQuery } from '../http/pagination.ts';
import { ROLES, STAFF_ROLES } from '../auth/roles.ts';
import { ok, okList } from '../http/envelope.ts';

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const ROLE_REQUIRED = 'Please select a role for the staff member.';

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, INVALID_EMAIL)
  .pipe(z.email({ error: INVALID_EMAIL }))
  .transform((email) => email.toLowerCase());

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(120, 'Name must be at most 120 characters');

function optionalText(field: string, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');
}

/** Profile fields every user may set on their own account. */
export const profileFields = {
  name: nameSchema,
  email: emailSchema,
  phone: optionalText('Phone', 40),
  location: optionalText('Location', 120),
  company: optionalText('Company', 120),
  bio: optionalText('Bio', 1000),
};

/** Roles an administrator may give through the people screens (vendors come from vendor management). */
export const ASSIGNABLE_ROLES = [...STAFF_ROLES, 'client'] as const;

export const roleSchema = z.enum(ROLES, { error: 'Role is not a valid role' });

export const createUserInput = z.strictObject({
  ...profileFields,
  password: passwordSchema,
  role: z.enum(ASSIGNABLE_ROLES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? ROLE_REQUIRED : 'Role is not a valid role',
  }),
});
export type CreateUserInput = z.input<typeof createUserInput>;

/** PUT /users/{id}: every field optional; a blank password keeps the current one. */
export const updateUserInput = z.strictObject({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  phone: profileFields.phone.optional(),
  location: profileFields.location.optional(),
  company: profileFields.company.optional(),
  bio: profileFields.bio.optional(),
  role: z.enum(ASSIGNABLE_ROLES, { error: 'Role is not a valid role' }).optional(),
  password: z
    .union([z.literal(''), passwordSchema])
    .nullish()
    .transform((value) => value || undefined),
});
export type UpdateUserInput = z.input<typeof updateUserInput>;

export const userDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: roleSchema,
  location: z.string(),
  company: z.string(),
  bio: z.string(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

export const listUsersQuery = pageQuery(10).extend({
  search: z.string().trim().max(120, 'search must be at most 120 characters').optional(),
  role: roleSchema.optional(),
  /** Opaque position after the previous page (from pagination.nextCursor): the next page read by key. */
  cursor: z.string().max(800, 'cursor is not valid').optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

export const userStatsDto = z.object({
  projectsCount: z.number().int(),
  updatesCount: z.number().int(),
  mediaFilesCount: z.number().int(),
  completionRate: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsDto>;

export const ACTIVITY_TYPES = [
  'account',
  'profile',
  'security',
  'project',
  'task',
  'log',
  'reply',
  'media',
  'budget',
  'other',
] as const;

export const activityItemDto = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  description: z.string(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemDto>;

/**
 * GET /media/status/{processingId}: 'processing' until the work ends, then 'completed'; work that
 * failed also carries `failed: true` and `error`, the reason naming the file.
 */
export const processingStatusDto = z.object({
  processingId: z.string(),
  status: z.enum(['processing', 'completed']),
  failed: z.boolean().optional(),
  error: z.string().optional(),
  avatar: z.string().nullable().optional(),
  variants: z.record(z.string(), z.string()).optional(),
});
export type ProcessingStatus = z.infer<typeof processingStatusDto>;

// Answers
export const userListAnswer = okList('users', userDto, keysetPaginationDto);
export const userAnswer = ok({ user: userDto });
export const userDeletedAnswer = ok({ message: z.string(), deactivated: z.boolean() });
export const userStatsAnswer = ok({ stats: userStatsDto });
export const userActivityAnswer = ok({ activities: z.array(activityItemDto) });
export const processingStartedAnswer = ok({ processingId: z.string(), status: z.literal('processing') });
export const processingStatusAnswer = ok(processingStatusDto.shape);

// What the web app reads from those answers.
export type UserListAnswer = z.output<typeof userListAnswer>;
export type UserAnswer = z.output<typeof userAnswer>;
export type UserDeletedAnswer = z.output<typeof userDeletedAnswer>;
export type UserStatsAnswer = z.output<typeof userStatsAnswer>;
export type UserActivityAnswer = z.output<typeof userActivityAnswer>;
export type ProcessingStartedAnswer = z.output<typeof processingStartedAnswer>;
export type ProcessingStatusAnswer = z.output<typeof processingStatusAnswer>;
