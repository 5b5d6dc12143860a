import { describe, expect, it } from 'vitest';
import { covering } from './invalidation-bus.ts';

describe('covering', () => {
  it('keeps the widest kind of the nested chain', () => {
    expect(covering([{ kind: 'notifications' }, { kind: 'stores' }, { kind: 'budgets' }])).toEqual([
      { kind: 'stores' },
    ]);
    expect(covering([{ kind: 'procurement' }, { kind: 'procurement' }])).toEqual([{ kind: 'procurement' }]);
  });

  it('lets a kind past the chain cover it, and keeps each such kind', () => {
    expect(covering([{ kind: 'budgets' }, { kind: 'projects' }, { kind: 'logs-media' }])).toEqual([
      { kind: 'projects' },
      { kind: 'logs-media' },
    ]);
  });

  it('keeps kinds that drop only their own data beside the rest', () => {
    expect(covering([{ kind: 'settings' }, { kind: 'notifications' }, { kind: 'session', id: 's' }])).toEqual(
      [{ kind: 'settings' }, { kind: 'notifications' }, { kind: 'session', id: 's' }],
    );
    expect(covering([])).toEqual([]);
  });
});
