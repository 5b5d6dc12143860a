import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, uuid } from '../../../test/factories.ts';
import { ProjectsLater } from '../../../test/projects-later.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { AddLogForm } from './add-log-form.tsx';

const lekki = { id: uuid(), title: 'Lekki Pearl Apartments' };

describe('AddLogForm', () => {
  it('keeps showing the project chosen when the projects arrive after the form opened', async () => {
    renderWithProviders(
      <ProjectsLater project={lekki}>
        {(projects) => <AddLogForm projects={projects} projectId={lekki.id} onClose={() => undefined} />}
      </ProjectsLater>,
      { user: buildUser({ role: 'team_member' }) },
    );
    const select = screen.getByLabelText<HTMLSelectElement>(/Project/);
    expect(select.selectedOptions[0]?.textContent).toBe('Selected project');
    await userEvent.click(screen.getByRole('button', { name: 'Projects loaded' }));
    expect(select).toHaveValue(lekki.id);
    expect(select.selectedOptions[0]?.textContent).toBe(lekki.title);
  });
});
