import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAll, queryKeys, staleAfter } from './query-keys.ts';

/** A client holding data under each key, none of it stale yet. */
function clientWith(keys: readonly QueryKey[]): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) queryClient.setQueryData(key, { cached: true });
  return queryClient;
}

function invalidated(queryClient: QueryClient, key: QueryKey): boolean {
  return queryClient.getQueryState(key)?.isInvalidated ?? false;
}

const { projects, dailyLogs, media, notifications, users, reports } = queryKeys;

describe('queryKeys', () => {
  it.each([
    ['projects list', projects.all, projects.list({ search: 'villa' }, 12)],
    ['project detail', projects.all, projects.detail('p1')],
    ['dashboard figures', projects.all, projects.dashboardStats],
    ['project categories', projects.all, projects.categories],
    ['logs list', dailyLogs.all, dailyLogs.list({ projectId: 'p1' }, 12)],
    ['latest logs', dailyLogs.all, dailyLogs.latest('p1')],
    ['media list', media.all, media.list({ type: 'all' })],
    ['latest media', media.all, media.latest('p1')],
    ['notification feed', notifications.all, notifications.feed],
    ['unread count', notifications.all, notifications.unread],
    ['staff page', users.all, users.staff({ page: 1 })],
    ['user detail', users.all, users.detail('u1')],
    ['user stats', users.all, users.stats('u1')],
    ['user activity', users.all, users.activity('u1')],
    ['assignees', users.all, users.lookup('assignees')],
    ['report', reports.all, reports.report({ timeframe: 'all', category: 'all' })],
  ])('a %s key starts with its domain key', (_, all, key) => {
    expect(key.slice(0, all.length)).toEqual(all);
  });

  it('invalidating a domain reaches every key under it and no other domain', async () => {
    const keys = [projects.detail('p1'), projects.list({}, 12), projects.dashboardStats, users.detail('u1')];
    const queryClient = clientWith(keys);
    await queryClient.invalidateQueries({ queryKey: projects.all });
    expect(keys.map((key) => invalidated(queryClient, key))).toEqual([true, true, true, false]);
  });

  it('names the project of every log list, so one project has one prefix whatever the other filters', () => {
    expect(dailyLogs.list({}, 12)).toEqual(['daily-logs', 'list', { projectId: null, limit: 12 }]);
    expect(media.list({ type: 'image' })).toEqual(['media', 'list', { type: 'image', projectId: null }]);
    expect(media.list({ projectId: '', type: 'all' })).toEqual([
      'media',
      'list',
      { type: 'all', projectId: null },
    ]);
  });
});

describe('staleAfter', () => {
  it('a new log refreshes that project’s logs, the all-projects list and its author’s profile only', async () => {
    const shown = {
      projectList: dailyLogs.list({ projectId: 'p1', startDate: '2026-01-01' }, 12),
      everyProjectList: dailyLogs.list({}, 12),
      projectPreview: dailyLogs.latest('p1'),
      authorStats: users.stats('u1'),
      authorActivity: users.activity('u1'),
      otherProjectList: dailyLogs.list({ projectId: 'p2' }, 12),
      otherProjectPreview: dailyLogs.latest('p2'),
      otherUserStats: users.stats('u2'),
      media: media.latest('p1'),
    };
    const queryClient = clientWith(Object.values(shown));
    await invalidateAll(queryClient, staleAfter.logWritten({ projectId: 'p1', user: { id: 'u1' } }));
    const result = Object.fromEntries(
      Object.entries(shown).map(([name, key]) => [name, invalidated(queryClient, key)]),
    );
    expect(result).toEqual({
      projectList: true,
      everyProjectList: true,
      projectPreview: true,
      authorStats: true,
      authorActivity: true,
      otherProjectList: false,
      otherProjectPreview: false,
      otherUserStats: false,
      media: false,
    });
  });

  it('uploaded media refresh their project’s media and the uploader’s figures, not other projects’', async () => {
    const keys = [
      media.list({ projectId: 'p1', type: 'image' }),
      media.list({ type: 'all' }),
      media.latest('p1'),
      users.stats('u1'),
      media.list({ projectId: 'p2', type: 'all' }),
      media.latest('p2'),
    ];
    const queryClient = clientWith(keys);
    await invalidateAll(queryClient, staleAfter.mediaAdded([{ projectId: 'p1', uploadedBy: 'u1' }]));
    expect(keys.map((key) => invalidated(queryClient, key))).toEqual([true, true, true, true, false, false]);
  });

  it('a project change refreshes projects, schedules, the dashboard and reports, but not the people lists', async () => {
    const keys = [
      queryKeys.schedule.project('p1'),
      projects.detail('p1'),
      projects.dashboardStats,
      reports.report({ timeframe: 'all' }),
      users.stats('u1'),
      users.staff({ page: 1 }),
      dailyLogs.latest('p1'),
    ];
    const queryClient = clientWith(keys);
    await invalidateAll(queryClient, staleAfter.project());
    expect(keys.map((key) => invalidated(queryClient, key))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
