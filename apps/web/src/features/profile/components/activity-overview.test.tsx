import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ActivityOverview } from './activity-overview.tsx';

afterEach(() => vi.unstubAllGlobals());

const user = buildUser({ name: 'Ngozi Eze' });
const stats = { projectsCount: 3, updatesCount: 12, mediaFilesCount: 7, completionRate: 33 };

function tile(label: string) {
  return within(screen.getByText(label).closest('div')!).getByRole('definition');
}

describe('ActivityOverview statistics', () => {
  it('shows the figures the server computed', async () => {
    mockFetch((call) =>
      call.path.endsWith('/stats')
        ? jsonResponse(200, { success: true, stats })
        : jsonResponse(200, { success: true, activities: [] }),
    );
    renderWithProviders(<ActivityOverview user={user} />);
    expect(await screen.findByText('33%')).toBeInTheDocument();
    expect(tile('Projects')).toHaveTextContent('3');
    expect(tile('Updates')).toHaveTextContent('12');
    expect(tile('Media Files')).toHaveTextContent('7');
  });

  it("says 'Failed to load statistics' with a retry when the call fails, never zeros", async () => {
    let fail = true;
    const { calls } = mockFetch((call) => {
      if (!call.path.endsWith('/stats')) return jsonResponse(200, { success: true, activities: [] });
      return fail
        ? jsonResponse(500, { success: false, error: 'Something went wrong', code: 'INTERNAL' })
        : jsonResponse(200, { success: true, stats });
    });
    renderWithProviders(<ActivityOverview user={user} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load statistics');
    for (const label of ['Projects', 'Updates', 'Media Files', 'Completion Rate']) {
      expect(tile(label)).toHaveTextContent('—');
      expect(tile(label)).not.toHaveTextContent('0');
    }
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('33%')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load statistics')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/stats'))).toHaveLength(2);
  });
});
