import type { BudgetStatus } from '@trowel/shared/budgets/budget.machine.ts';
import type { BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { expect } from 'vitest';
import { makeProject, startTestServer, type TestServer, type TestUser } from './harness.ts';
import { multipart, type FormFile } from './multipart.ts';

/** Requests and factories shared by the budget route tests. */
export function budgetKit(server: TestServer) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      ...(who ? { headers: who.auth } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const form = (
    method: 'POST' | 'PUT',
    url: string,
    who: TestUser,
    fields: Record<string, string>,
    files: FormFile[],
  ) => {
    const body = multipart(files, 'files', fields);
    return server.app.inject({
      method,
      url,
      headers: { ...who.auth, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  const lines = [
    { description: 'Cement (50kg bags)', quantity: 120, unitPrice: 9_500, notes: 'Dangote' },
    { description: 'Reinforcement bars 12mm', quantity: 2.5, unitPrice: 1_234_567.89 },
  ];

  async function create(who: TestUser, projectId: string, extra: Record<string, unknown> = {}) {
    const response = await call('POST', '/api/budgets', who, {
      projectId,
      items: lines,
      remarks: 'Foundation works',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().budget as BudgetDto;
  }

  const step = (id: string, action: string, who: TestUser, body: Record<string, string> = {}) =>
    call('POST', `/api/budgets/${id}/${action}`, who, body);

  /** Puts a budget straight into a status (to test a step from there). */
  const force = (id: string, status: BudgetStatus) => server.ctx.budgets.update(id, { status });

  const setQsReview = async (admin: TestUser, enabled: boolean) => {
    const response = await call('PUT', '/api/admin/settings', admin, {
      settings: [{ key: 'budget_qs_review_enabled', value: String(enabled) }],
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** The titles of the notifications a user has. */
  const notices = async (who: TestUser) =>
    (await call('GET', '/api/notifications?limit=100', who)).json().notifications as Array<{
      title: string;
      message: string;
      link: string | null;
      projectId: string | null;
      type: string;
    }>;

  return { call, form, lines, create, step, force, setQsReview, notices };
}

export type BudgetKit = ReturnType<typeof budgetKit>;

export const pdf = (name = 'boq.pdf'): FormFile => ({
  name,
  type: 'application/pdf',
  content: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
});

/** A test server with the budget kit, an administrator, a lead, a QS and a client, and a project the lead leads. */
export async function budgetWorld() {
  const server = await startTestServer();
  const [admin, lead, qs, client] = await Promise.all([
    server.user('admin'),
    server.user('project_lead'),
    server.user('quantity_surveyor'),
    server.user('client'),
  ]);
  const projectId = (await makeProject(server, { lead, client })).id;
  return { server, kit: budgetKit(server), admin, lead, qs, client, projectId };
}
