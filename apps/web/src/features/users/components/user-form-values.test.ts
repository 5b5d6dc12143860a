import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import {
  toUpdateUserBody,
  userFormSchema,
  userToFormValues,
  type UserFormValues,
} from './user-form-values.ts';

const filled: UserFormValues = {
  name: 'Ada Obi',
  email: 'Ada@Trowel.test',
  password: '',
  role: 'architect',
  phone: '',
  location: 'Lagos',
  company: '',
  bio: '',
};

describe('userToFormValues', () => {
  it('keeps only the editable fields and turns missing ones into empty strings', () => {
    const user = { ...buildUser({ name: 'Ada', role: 'architect' }), phone: null } as unknown as Parameters<
      typeof userToFormValues
    >[0];
    const values = userToFormValues(user);
    expect(Object.keys(values).sort()).toEqual([
      'bio',
      'company',
      'email',
      'location',
      'name',
      'password',
      'phone',
      'role',
    ]);
    expect(values.phone).toBe('');
    expect(values.password).toBe('');
  });
});

describe('toUpdateUserBody', () => {
  it('never sends id, dates or avatar, leaves out a blank password and keeps cleared fields as empty strings', () => {
    const output = userFormSchema('edit', true).parse(filled);
    const body = toUpdateUserBody(output, true);
    expect(body).toEqual({
      name: 'Ada Obi',
      email: 'ada@trowel.test',
      phone: '',
      location: 'Lagos',
      company: '',
      bio: '',
      role: 'architect',
    });
  });

  it('sends a new password and no role for clients', () => {
    const output = userFormSchema('edit', false).parse({ ...filled, password: 'secret1', role: 'client' });
    const body = toUpdateUserBody(output, false);
    expect(body.password).toBe('secret1');
    expect(body).not.toHaveProperty('role');
  });
});

describe('userFormSchema', () => {
  function messages(mode: 'create' | 'edit', withRole: boolean, values: Partial<UserFormValues>) {
    const result = userFormSchema(mode, withRole).safeParse({ ...filled, ...values });
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  }

  it('needs a password on create only', () => {
    expect(messages('create', true, {}).password).toBe('Password is required');
    expect(messages('edit', true, {}).password).toBeUndefined();
    expect(messages('edit', true, { password: 'abc' }).password).toBe(
      'Password must be at least 6 characters long.',
    );
  });

  it('needs a role for staff', () => {
    expect(messages('create', true, { password: 'secret1', role: '' }).role).toBe(
      'Please select a role for the staff member.',
    );
    expect(messages('create', false, { password: 'secret1', role: '' }).role).toBeUndefined();
  });

  it('needs a name and a valid email', () => {
    const problems = messages('edit', true, { name: ' ', email: 'not-an-email' });
    expect(problems.name).toBe('Name is required');
    expect(problems.email).toBe('Please enter a valid email address.');
  });
});
