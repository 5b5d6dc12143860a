import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProject } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProjectTeam } from './project-team.tsx';

const member = (id: string, name: string) => ({
  id,
  userId: id,
  user: { id, name, role: 'team_member' as const },
});

describe('the Team tab', () => {
  it('counts the members and the lead, the lead once when they are a member too', () => {
    const lead = { id: 'lead-1', name: 'Emeka Nwosu' };
    const { unmount } = renderWithProviders(
      <ProjectTeam
        project={buildProject({
          projectLeadId: lead.id,
          projectLead: lead,
          teamMembers: [member('m-1', 'Yusuf Abdullahi'), member('m-2', 'Chinedu Okeke')],
        })}
      />,
    );
    expect(screen.getByText('Team size: 3')).toBeInTheDocument();
    unmount();

    renderWithProviders(
      <ProjectTeam
        project={buildProject({
          projectLeadId: lead.id,
          projectLead: lead,
          teamMembers: [member(lead.id, lead.name), member('m-2', 'Chinedu Okeke')],
        })}
      />,
    );
    expect(screen.getByText('Team size: 2')).toBeInTheDocument();
  });
});
