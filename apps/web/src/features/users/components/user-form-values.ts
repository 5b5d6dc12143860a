import { isRole, type Role } from '@trowel/shared/auth/roles.ts';
import { PASSWORD_MIN_LENGTH } from '@trowel/shared/config/constants.ts';
import {
  ASSIGNABLE_ROLES,
  PASSWORD_TOO_SHORT,
  profileFields,
  ROLE_REQUIRED,
  type CreateUserInput,
  type UpdateUserInput,
  type UserDto,
} from '@trowel/shared/users/user.schemas.ts';
import { z } from 'zod';

export type UserFormMode = 'create' | 'edit';

const userFormFields = z.object({
  name: profileFields.name,
  email: profileFields.email,
  password: z.string(),
  role: z.string(),
  phone: z.string().trim().max(40, 'Phone must be at most 40 characters'),
  location: z.string().trim().max(120, 'Location must be at most 120 characters'),
  company: z.string().trim().max(120, 'Company must be at most 120 characters'),
  bio: z.string().trim().max(1000, 'Bio must be at most 1000 characters'),
});

export type UserFormValues = z.input<typeof userFormFields>;
export type UserFormOutput = z.output<typeof userFormFields>;

/** The staff and client form: a password is needed on create only; staff need a role. */
export function userFormSchema(mode: UserFormMode, withRole: boolean) {
  return userFormFields.superRefine((values, ctx) => {
    if (mode === 'create' && values.password === '') {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password is required' });
    } else if (values.password !== '' && values.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_TOO_SHORT });
    }
    if (withRole && !(ASSIGNABLE_ROLES as readonly string[]).includes(values.role)) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: ROLE_REQUIRED });
    }
  });
}

export function emptyUserFormValues(defaults: Partial<UserFormValues> = {}): UserFormValues {
  return {
    name: '',
    email: '',
    password: '',
    role: '',
    phone: '',
    location: '',
    company: '',
    bio: '',
    ...defaults,
  };
}

/** An existing user as form values: only the editable fields, missing ones as empty strings. */
export function userToFormValues(user: UserDto): UserFormValues {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    password: '',
    role: user.role ?? '',
    phone: user.phone ?? '',
    location: user.location ?? '',
    company: user.company ?? '',
    bio: user.bio ?? '',
  };
}

/** The POST /users body; clients always get the client role. */
export function toCreateUserBody(values: UserFormOutput, role: Role): CreateUserInput {
  return {
    name: values.name,
    email: values.email,
    password: values.password,
    role: role as CreateUserInput['role'],
    phone: values.phone,
    location: values.location,
    company: values.company,
    bio: values.bio,
  };
}

/**
 * The PUT /users/{id} body: never id, createdAt, updatedAt or avatar; optional fields as strings
 * (empty when cleared); a blank password is left out so the current one stays.
 */
export function toUpdateUserBody(values: UserFormOutput, withRole: boolean): UpdateUserInput {
  const body: UpdateUserInput = {
    name: values.name,
    email: values.email,
    phone: values.phone ?? '',
    location: values.location ?? '',
    company: values.company ?? '',
    bio: values.bio ?? '',
  };
  if (withRole && isRole(values.role)) body.role = values.role as UpdateUserInput['role'];
  if (values.password) body.password = values.password;
  return body;
}
