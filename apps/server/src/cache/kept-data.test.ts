import { describe, expect, it } from 'vitest';
import type { Invalidation } from './invalidation-bus.ts';
import { changesFrom, keptData, makeKeptData } from './kept-data.ts';

class Counted {
  cleared = 0;
  evicted: string[] = [];
  clear() {
    this.cleared += 1;
  }
}

describe('kept data', () => {
  it('is dropped by the changes down the chain from the kind it names, never by settings or sessions', () => {
    expect(changesFrom('budgets')).toEqual([
      'budgets',
      'procurement',
      'stores',
      'projects',
      'logs-media',
      'user',
      'users-list',
    ]);
    expect(changesFrom('notifications')).toContain('notifications');
    expect(changesFrom('stores')).not.toContain('procurement');
    for (const kind of ['settings', 'preferences', 'session'] as const)
      expect(changesFrom('notifications')).not.toContain(kind);
  });

  it('makes each declaration once and drops it on its kinds, or as its own handler says', () => {
    let handler: (event: Invalidation) => void = () => undefined;
    const made = makeKeptData(
      {
        pages: keptData({ make: () => new Counted(), droppedBy: changesFrom('procurement') }),
        sessions: keptData({
          make: () => new Counted(),
          drop: (event, sessions) => {
            if (event.kind === 'session') sessions.evicted.push(event.id);
          },
        }),
      },
      (subscribed) => (handler = subscribed),
    );
    const pages = made.pages as Counted;
    const sessions = made.sessions as Counted;
    handler({ kind: 'budgets' });
    handler({ kind: 'settings' });
    expect(pages.cleared).toBe(0);
    handler({ kind: 'stores' });
    handler({ kind: 'user', id: 'u-1' });
    expect(pages.cleared).toBe(2);
    handler({ kind: 'session', id: 's-1' });
    expect(sessions).toMatchObject({ cleared: 0, evicted: ['s-1'] });
  });
});
