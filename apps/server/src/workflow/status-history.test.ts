import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

// Histories asked for in the same turn are read by one prepared statement (`forEntity`): each caller
// still gets its own object's rows, in order, with who took each step.
let server: TestServer;
let engineer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  engineer = await server.user('team_member');
});
afterAll(() => server.stop());

describe('workflow histories', () => {
  it('answer each object its own history when several are asked for at once', async () => {
    const history = server.ctx.statusHistory;
    const [first, second, none] = [randomUUID(), randomUUID(), randomUUID()];
    const step = (entityId: string, action: string, actorId: string | null) =>
      history.record({
        workflow: 'material_request',
        entityId,
        action,
        fromStatus: null,
        toStatus: 'pending',
        actorId,
      });
    await step(first, 'create', engineer.id);
    await step(first, 'edit', null);
    await step(second, 'create', engineer.id);
    // Another workflow's row for the same id is not this workflow's history.
    await history.record({
      workflow: 'inventory_request',
      entityId: second,
      action: 'create',
      fromStatus: null,
      toStatus: 'pending',
      actorId: engineer.id,
    });

    const [ofFirst, ofSecond, ofNone] = await Promise.all([
      history.forEntity('material_request', first),
      history.forEntity('material_request', second),
      history.forEntity('material_request', none),
    ]);
    expect(ofFirst.map((entry) => entry.action)).toEqual(['create', 'edit']);
    expect(ofFirst[0]!.actor).toEqual({ id: engineer.id, name: engineer.name, role: 'team_member' });
    expect(ofFirst[1]!.actor).toBeNull();
    expect(ofSecond.map((entry) => entry.action)).toEqual(['create']);
    expect(ofNone).toEqual([]);
  });
});
