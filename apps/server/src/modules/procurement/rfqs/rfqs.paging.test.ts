import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RfqStatus } from '@trowel/shared/procurement/rfq.machine.ts';
import { TIME_DIRECTORY_STEP } from '../../../db/created-directory.ts';
import { rfqItems, rfqs } from '../../../db/schema.ts';
import { everyPage } from '../../../../test/every-page.ts';
import { expectPagesTogether } from '../../../../test/pages-together.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../../test/harness.ts';

interface Seeded {
  id: string;
  title: string;
  createdAt: Date;
  projectId: string | null;
  status: RfqStatus;
}

let server: TestServer;
let qs: TestUser;
let projectId: string;
const seeded: Seeded[] = [];

beforeAll(async () => {
  server = await startTestServer();
  qs = await server.user('quantity_surveyor');
  const lead = await server.user('project_lead');
  projectId = (await makeProject(server, { lead, client: await server.user('client') })).id;
  // 240 RFQs, six made to a millisecond, so that most pages hold ties broken by id: more than two
  // directory steps of the whole list.
  const start = Date.parse('2026-05-01T10:00:00.000Z');
  const statuses: RfqStatus[] = ['pending_qs_review', 'pending_vendor_response', 'approved'];
  const inserted = await server.ctx.db
    .insert(rfqs)
    .values(
      Array.from({ length: 240 }, (_, i) => ({
        title: i % 2 === 0 ? `Roofing sheets ${i}` : `Granite ${i}`,
        projectId: i % 2 === 0 ? projectId : null,
        // Two in three approved, so that the status's own list is deeper than a directory step too.
        status: i % 3 === 0 ? statuses[(i / 3) % statuses.length]! : statuses[2]!,
        createdAt: new Date(start + Math.floor(i / 6)),
      })),
    )
    .returning();
  seeded.push(...inserted);
  // Each RFQ's counts are read with its row: one item on every third.
  await server.ctx.db
    .insert(rfqItems)
    .values(
      inserted
        .filter((_, i) => i % 3 === 0)
        .map((rfq) => ({ rfqId: rfq.id, position: 0, name: 'Sheet', quantity: 10, unit: 'piece' })),
    );
  await server.ctx.invalidate({ kind: 'procurement' });
});
afterAll(() => server.stop());

/** The ids of the RFQs kept by `keep`, newest first, ties by id. */
function expected(keep: (row: Seeded) => boolean) {
  const rows = seeded.filter(keep);
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  return rows.map((row) => row.id);
}

/** The staff's RFQ list as the pages answer it. */
const pages = (query: string, limit: number) =>
  everyPage<{ id: string; itemCount: number }>(server, qs, { path: '/rfqs', key: 'rfqs', query, limit });

describe('the RFQ list read by numbered pages at any depth', () => {
  it('walks every page, row for row as the table orders them, each RFQ with its own counts', async () => {
    const walked = await pages('', 25);
    const all = expected(() => true);
    expect(all.length).toBeGreaterThan(2 * TIME_DIRECTORY_STEP);
    expect({ ids: walked.ids, total: walked.total }).toEqual({ ids: all, total: all.length });
    seeded.forEach((rfq, i) =>
      expect(walked.rows.find((row) => row.id === rfq.id)?.itemCount).toBe(i % 3 === 0 ? 1 : 0),
    );
  });

  it('pages through a status, a project and a search the same way, past their first directory step', async () => {
    const approved = await pages('status=approved', 12);
    const all = expected((row) => row.status === 'approved');
    expect(all.length).toBeGreaterThan(TIME_DIRECTORY_STEP);
    expect({ ids: approved.ids, total: approved.total }).toEqual({ ids: all, total: all.length });

    const ofProject = await pages(`projectId=${projectId}`, 11);
    expect(ofProject.ids).toEqual(expected((row) => row.projectId === projectId));

    const roofing = await pages('search=roofing', 7);
    const allRoofing = expected((row) => row.title.startsWith('Roofing'));
    expect(allRoofing.length).toBeGreaterThan(TIME_DIRECTORY_STEP);
    expect({ ids: roofing.ids, total: roofing.total }).toEqual({ ids: allRoofing, total: allRoofing.length });
  });
});

describe('pages of the RFQ list asked for at the same moment', () => {
  it('give each filter the page each would read alone, from any start', async () => {
    const lists = [
      { label: 'every RFQ', filter: {}, ids: expected(() => true) },
      {
        label: 'approved',
        filter: { status: 'approved' as const },
        ids: expected((row) => row.status === 'approved'),
      },
      { label: 'one project', filter: { projectId }, ids: expected((row) => row.projectId === projectId) },
      {
        label: 'one project, approved',
        filter: { projectId, status: 'approved' as const },
        ids: expected((row) => row.projectId === projectId && row.status === 'approved'),
      },
    ];
    const byId = new Map(seeded.map((row) => [row.id, row]));
    await expectPagesTogether(
      lists,
      (id) => byId.get(id)!.createdAt,
      10,
      (list, start) => server.ctx.rfqs.page(list.filter, start, 10),
    );
  });
});
