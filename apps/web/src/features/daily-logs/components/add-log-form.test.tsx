import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { buildUser, uuid } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AddLogForm } from './add-log-form.tsx';

const lekki = { id: uuid(), title: 'Lekki Pearl Apartments' };

describe('AddLogForm', () => {
  it('keeps showing the project chosen when the projects arrive after the form opened', async () => {
    function ProjectsLater() {
      const [projects, setProjects] = useState<Array<typeof lekki>>([]);
      return (
        <>
          <button type="button" onClick={() => setProjects([lekki])}>
            Projects loaded
          </button>
          <AddLogForm projects={projects} projectId={lekki.id} onClose={() => undefined} />
        </>
      );
    }
    renderWithProviders(<ProjectsLater />, { user: buildUser({ role: 'team_member' }) });
    const select = screen.getByLabelText<HTMLSelectElement>(/Project/);
    expect(select.selectedOptions[0]?.textContent).toBe('Selected project');
    await userEvent.click(screen.getByRole('button', { name: 'Projects loaded' }));
    expect(select).toHaveValue(lekki.id);
    expect(select.selectedOptions[0]?.textContent).toBe(lekki.title);
  });
});
