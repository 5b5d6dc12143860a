import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScheduleDto, ScheduleTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/api-client.ts';
import { captureSavedFiles } from '../../../test/downloads.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ScheduleView } from './schedule-view.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DIG = '11111111-1111-4111-8111-111111111111';
const POUR = '22222222-2222-4222-8222-222222222222';

const task = (id: string, name: string, startDate: string, endDate: string): ScheduleTaskDto => ({
  id,
  phaseId: 'ph1',
  name,
  startDate,
  endDate,
  progress: 0,
  earlyStart: startDate,
  earlyFinish: endDate,
  lateStart: startDate,
  lateFinish: endDate,
  totalFloat: 0,
  critical: true,
  baselineStart: startDate,
  // Dig ends on the 5th: 2 days after its baseline end.
  baselineEnd: '2026-03-03',
});

const schedule = (may: boolean): ScheduleDto => ({
  phases: [{ id: 'ph1', name: 'Substructure' }],
  tasks: [task(DIG, 'Dig', '2026-03-02', '2026-03-05'), task(POUR, 'Pour', '2026-03-06', '2026-03-06')],
  links: [],
  forecastEndDate: '2026-03-06',
  baselineSavedAt: '2026-03-01T09:00:00.000Z',
  canLink: may,
  canSaveBaseline: may,
});

describe('ScheduleView', () => {
  it('shows a client the agenda with float and slip, without Save Baseline or the forms', () => {
    mockFetch(() => jsonResponse(500, {}));
    renderWithProviders(<ScheduleView projectId="p1" schedule={schedule(false)} />, {
      user: buildUser({ role: 'client' }),
    });
    const dig = screen.getAllByTestId('agenda-task')[0]!;
    expect(dig).toHaveTextContent('Critical');
    expect(within(dig).getByTestId('agenda-slip')).toHaveTextContent('2 days late');
    expect(screen.queryByRole('button', { name: 'Save Baseline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Link tasks' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Gantt chart' })).toBeInTheDocument();
  });

  it("links two tasks and shows the server's refusal under the form", async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(400, {
        success: false,
        error: 'This link would make a loop: Pour → Dig → Pour',
        code: 'VALIDATION_ERROR',
      }),
    );
    renderWithProviders(<ScheduleView projectId="p1" schedule={schedule(true)} />, {
      user: buildUser({ role: 'admin' }),
    });
    const form = screen.getByRole('form', { name: 'Link tasks' });
    await userEvent.selectOptions(within(form).getByLabelText('First task'), 'Pour (Substructure)');
    await userEvent.selectOptions(within(form).getByLabelText('Then task'), 'Dig (Substructure)');
    await userEvent.click(within(form).getByRole('button', { name: 'Link Tasks' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This link would make a loop: Pour → Dig → Pour',
    );
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/projects/p1/schedule/links');
    expect(post.body).toEqual({ fromTaskId: POUR, toTaskId: DIG, type: 'finish_to_start', lagDays: 0 });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('lets a client download the CSV and the print, saved under the server’s file names', async () => {
    setToken('client-token');
    const saved = captureSavedFiles();
    const { calls } = mockFetch(
      (call) =>
        new Response('bytes', {
          status: 200,
          headers: {
            'Content-Disposition': `attachment; filename="schedule-bungalow-2026-03-01.${call.path.endsWith('/pdf') ? 'pdf' : 'csv'}"`,
          },
        }),
    );
    renderWithProviders(<ScheduleView projectId="p1" schedule={schedule(false)} />, {
      user: buildUser({ role: 'client' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['schedule-bungalow-2026-03-01.csv']));
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('schedule-bungalow-2026-03-01.pdf');
    expect(calls.map((call) => call.path)).toEqual([
      '/projects/p1/schedule/export',
      '/projects/p1/schedule/pdf',
    ]);
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer client-token');
  });
});
