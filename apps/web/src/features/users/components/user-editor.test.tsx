import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { UserCreator } from './user-creator.tsx';
import { UserEditor } from './user-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

const admin = buildUser({ role: 'admin' });

describe('UserCreator', () => {
  it('starts staff as team members of the company and sends the form', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(201, { success: true, user: buildUser({ name: 'Ngozi Ade' }) }),
    );
    renderRoutes(
      [
        { path: '/admin/staff/new', element: <UserCreator kind="staff" /> },
        { path: '/admin/staff', element: <WhereAmI /> },
      ],
      { at: '/admin/staff/new', user: admin },
    );
    expect(screen.getByLabelText('Role')).toHaveValue('team_member');
    expect(screen.getByLabelText('Company')).toHaveValue('Trowel Construction Ltd');
    await userEvent.type(screen.getByLabelText('Name'), 'Ngozi Ade');
    await userEvent.type(screen.getByLabelText('Email'), 'ngozi@trowel.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret12');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'architect');
    await userEvent.click(screen.getByRole('button', { name: 'Add Staff' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/staff');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/users',
      body: {
        name: 'Ngozi Ade',
        email: 'ngozi@trowel.test',
        password: 'secret12',
        role: 'architect',
        company: 'Trowel Construction Ltd',
        phone: '',
        location: '',
        bio: '',
      },
    });
    expect(await screen.findByText('Staff Added')).toBeInTheDocument();
  });

  it("says 'Role Required' when no role is chosen", async () => {
    const { calls } = mockFetch(() => jsonResponse(201, {}));
    renderRoutes([{ path: '*', element: <UserCreator kind="staff" /> }], { user: admin });
    await userEvent.type(screen.getByLabelText('Name'), 'Ngozi Ade');
    await userEvent.type(screen.getByLabelText('Email'), 'ngozi@trowel.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret12');
    await userEvent.selectOptions(screen.getByLabelText('Role'), '');
    await userEvent.click(screen.getByRole('button', { name: 'Add Staff' }));
    expect(await screen.findByText('Role Required')).toBeInTheDocument();
    expect(screen.getAllByText('Please select a role for the staff member.').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('does not offer the admin role to a project manager', () => {
    renderRoutes([{ path: '*', element: <UserCreator kind="staff" /> }], {
      user: buildUser({ role: 'project_manager' }),
    });
    const options = Array.from(screen.getByLabelText<HTMLSelectElement>('Role').options).map((o) => o.value);
    expect(options).not.toContain('admin');
    expect(options).toContain('project_lead');
  });

  it("shows 'Error Adding Client' with the server's message and marks the email", async () => {
    mockFetch(() =>
      jsonResponse(409, { success: false, error: 'Email is already registered', code: 'EMAIL_TAKEN' }),
    );
    renderRoutes([{ path: '*', element: <UserCreator kind="clients" /> }], { user: admin });
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Chief Okafor');
    await userEvent.type(screen.getByLabelText('Email'), 'okafor@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('Error Adding Client')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('UserEditor', () => {
  it("refuses to edit someone who is not a client from the clients screen: 'Client not found.'", async () => {
    mockFetch(() => jsonResponse(200, { success: true, user: buildUser({ role: 'architect' }) }));
    renderRoutes([{ path: '*', element: <UserEditor kind="clients" userId="u9" /> }], { user: admin });
    expect(await screen.findByText('Client not found.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it("says 'Staff member not found.' for an unknown id", async () => {
    mockFetch(() => jsonResponse(404, { success: false, error: 'User not found', code: 'NOT_FOUND' }));
    renderRoutes([{ path: '*', element: <UserEditor kind="staff" userId="nope" /> }], { user: admin });
    expect(await screen.findByText('Staff member not found.')).toBeInTheDocument();
  });

  it('fills the form and saves without id, dates, avatar or a blank password', async () => {
    const target = buildUser({ name: 'Emeka Eze', role: 'team_member', avatar: '/a.png', location: 'Abuja' });
    const { calls } = mockFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse(200, { success: true, user: { ...target, location: '' } })
        : jsonResponse(200, { success: true, user: target }),
    );
    renderRoutes(
      [
        { path: '/edit', element: <UserEditor kind="staff" userId={target.id} /> },
        { path: '/admin/staff', element: <WhereAmI /> },
      ],
      { at: '/edit', user: admin },
    );
    expect(await screen.findByLabelText('Name')).toHaveValue('Emeka Eze');
    expect(screen.getByText('Leave blank to keep the current password.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Location'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/staff');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/users/${target.id}`);
    expect(put?.body).toEqual({
      name: 'Emeka Eze',
      email: target.email,
      phone: '',
      location: '',
      company: target.company,
      bio: '',
      role: 'team_member',
    });
    expect(await screen.findByText('Staff Updated')).toBeInTheDocument();
  });
});
