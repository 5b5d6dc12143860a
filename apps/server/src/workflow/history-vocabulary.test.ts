import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetMachine } from '@trowel/shared/budgets/budget.machine.ts';
import { rfqMachine } from '@trowel/shared/procurement/rfq.machine.ts';
import { negotiationMachine } from '@trowel/shared/workflow/negotiation.machine.ts';
import { RECORD_EVENTS } from '@trowel/shared/workflow/history.schemas.ts';
import { queryRows } from '../db/raw.ts';
import { toHistoryDto } from '../modules/procurement/rfqs/rfq-dto.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/** The migration that rewrote the history words that had drifted. */
const MIGRATION = path.join(import.meta.dirname, '../../drizzle/0014_history_actions.sql');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Rows as the services wrote them before one vocabulary: [workflow, action, from, to]. */
const OLD_ROWS = [
  ['rfq', 'created', null, 'pending_qs_review'],
  ['rfq', 'quote_submitted', 'pending_vendor_response', 'vendor_responded'],
  ['rfq', 'quote_updated', 'vendor_responded', 'vendor_responded'],
  ['rfq', 'negotiate', 'vendor_responded', 'under_negotiation'],
  // Budget history is append-only (a trigger refuses any change): it already spoke the vocabulary.
  ['budget', 'add-documents', 'draft', 'draft'],
  ['budget', 'remove-document', 'draft', 'draft'],
  ['budget', 'create', null, 'pending_qs'],
  ['negotiation', 'negotiate', null, 'pending_vendor_response'],
  ['negotiation', 'counter_negotiate', null, 'pending_vendor_response'],
  ['negotiation', 'withdraw', 'pending_vendor_response', 'withdrawn'],
] as const;

const VOCABULARY: Record<string, readonly string[]> = {
  rfq: [...rfqMachine.actions, ...RECORD_EVENTS],
  budget: [...budgetMachine.actions, ...RECORD_EVENTS],
  negotiation: [...negotiationMachine.actions, ...RECORD_EVENTS],
};

describe('history rows written before one vocabulary', () => {
  it('are rewritten to the machine actions and record events, and read as they did', async () => {
    const entity = randomUUID();
    for (const [workflow, action, from, to] of OLD_ROWS) {
      await server.ctx.db.execute(
        sql`insert into status_history (workflow, entity_id, action, from_status, to_status)
          values (${workflow}, ${entity}, ${action}, ${from}, ${to})`,
      );
    }
    for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await server.ctx.db.execute(sql.raw(statement));
    }
    const rows = await queryRows<{ workflow: string; action: string }>(
      server.ctx.db,
      sql`select workflow, action from status_history where entity_id = ${entity} order by created_at, id`,
    );
    expect(rows.map((row) => `${row.workflow} ${row.action}`).sort()).toEqual(
      [
        'rfq create',
        'rfq record_response',
        'rfq update_response',
        'rfq negotiate',
        'budget add-documents',
        'budget remove-document',
        'budget create',
        'negotiation create',
        'negotiation create',
        'negotiation withdraw',
      ].sort(),
    );
    for (const row of rows) expect(VOCABULARY[row.workflow]).toContain(row.action);
    // The RFQ history reads as it did: the descriptions the old words had, under the new ones.
    const after = await server.ctx.statusHistory.forEntity('rfq', entity);
    expect(after.map((entry) => toHistoryDto(entry).description).sort()).toEqual(
      ['RFQ created', 'Quotation submitted', 'Quotation updated', 'Negotiate'].sort(),
    );
  });
});
