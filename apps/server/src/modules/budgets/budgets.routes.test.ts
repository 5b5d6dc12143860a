import { BUDGET_REASON_REQUIRED } from '@trowel/shared/budgets/budget.machine.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { budgetMachine, type BudgetAction } from '@trowel/shared/budgets/budget.machine.ts';
import { INCOMPLETE_LINES, PROJECT_REQUIRED } from '@trowel/shared/budgets/budget.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { ROLES } from '@trowel/shared/auth/roles.ts';
import { budgetKit, pdf } from '../../../test/budgets.ts';

let server: TestServer;
let kit: ReturnType<typeof budgetKit>;
let admin: TestUser, pm: TestUser, lead: TestUser, architect: TestUser, otherLead: TestUser;
let qs: TestUser,
  accountant: TestUser,
  store: TestUser,
  engineer: TestUser,
  client: TestUser,
  vendor: TestUser;
let project: ProjectFixture, otherProject: ProjectFixture;
const byRole = {} as Record<Role, TestUser>;

beforeAll(async () => {
  server = await startTestServer();
  kit = budgetKit(server);
  [admin, pm, lead, architect, otherLead, qs, accountant, store, engineer, client, vendor] =
    await Promise.all([
      server.user('admin'),
      server.user('project_manager'),
      server.user('project_lead'),
      server.user('architect'),
      server.user('project_lead'),
      server.user('quantity_surveyor'),
      server.user('accountant'),
      server.user('store_keeper'),
      server.user('team_member'),
      server.user('client'),
      server.user('vendor'),
    ]);
  Object.assign(byRole, {
    admin,
    project_manager: pm,
    project_lead: lead,
    architect,
    quantity_surveyor: qs,
    accountant,
    store_keeper: store,
    team_member: engineer,
    client,
    vendor,
  });
  project = await makeProject(server, { lead, client }, { budget: 10_000_000 });
  otherProject = await makeProject(server, { lead: otherLead, client });
});
afterAll(() => server.stop());
const spyOnPage = () => vi.spyOn(server.ctx.budgets, 'page');
beforeEach(() => kit.setQsReview(admin, true));

describe('creating a budget', () => {
  it('computes the lines and the total on the server, to the kobo', async () => {
    const budget = await kit.create(lead, project.id, {
      items: [
        { description: 'Cement', quantity: 3, unitPrice: 0.1, total: 999 },
        { description: 'Sand', quantity: 2.5, unitPrice: 1_234_567.89, notes: 'Sharp sand' },
      ],
      totalAmount: 1,
    });
    expect(budget.items.map((item) => item.total)).toEqual([0.3, 3_086_419.73]);
    expect(budget.totalAmount).toBe(3_086_420.03);
    expect(budget).toMatchObject({
      projectId: project.id,
      status: 'pending_qs',
      remarks: 'Foundation works',
      user: { id: lead.id, name: lead.name, role: 'project_lead' },
      author: { name: lead.name, role: 'project_lead' },
    });
    expect(budget.history).toEqual([
      expect.objectContaining({ action: 'create', fromStatus: null, toStatus: 'pending_qs' }),
    ]);
  });

  it('enters the chain where its author stands, by the QS switch', async () => {
    expect(
      (await kit.create(architect, (await makeProject(server, { lead: architect, client })).id)).status,
    ).toBe('pending_qs');
    expect((await kit.create(qs, project.id)).status).toBe('pending_accountant');
    expect((await kit.create(accountant, project.id)).status).toBe('pending_admin');
    expect((await kit.create(admin, project.id)).status).toBe('pending_admin');
    await kit.setQsReview(admin, false);
    expect((await kit.create(lead, project.id)).status).toBe('pending_accountant');
  });

  it('is refused to roles that may not create, and to a lead of another project', async () => {
    for (const who of [pm, engineer, store, client, vendor, otherLead]) {
      const response = await kit.call('POST', '/api/budgets', who, {
        projectId: project.id,
        items: kit.lines,
      });
      expect(response.statusCode, who.role).toBe(403);
    }
    expect((await kit.call('POST', '/api/budgets', undefined, { projectId: project.id })).statusCode).toBe(
      401,
    );
  });

  it('offers each author exactly the projects the create accepts: a lead those they lead', async () => {
    const architectsOwn = await makeProject(server, { lead: architect, client });
    const candidates = [project.id, otherProject.id, architectsOwn.id];
    for (const who of [lead, otherLead, architect, qs, accountant, admin]) {
      const answer = await kit.call('GET', '/api/budgets/projects', who);
      expect(answer.statusCode, who.role).toBe(200);
      const offered = (answer.json().projects as Array<{ id: string }>).map((choice) => choice.id);
      for (const projectId of candidates) {
        const created = await kit.call('POST', '/api/budgets', who, {
          projectId,
          items: kit.lines,
          status: 'draft',
        });
        expect(created.statusCode, `${who.role} on ${projectId}`).toBe(
          offered.includes(projectId) ? 201 : 403,
        );
      }
    }
    const ids = async (who: TestUser) =>
      ((await kit.call('GET', '/api/budgets/projects', who)).json().projects as Array<{ id: string }>).map(
        (choice) => choice.id,
      );
    expect(await ids(lead)).toContain(project.id);
    expect(await ids(lead)).not.toContain(otherProject.id);
    expect(await ids(architect)).toContain(architectsOwn.id);
    expect(await ids(architect)).not.toContain(project.id);
    expect(await ids(qs)).toEqual(expect.arrayContaining(candidates));
    for (const who of [pm, engineer, store, client, vendor]) {
      expect((await kit.call('GET', '/api/budgets/projects', who)).statusCode, who.role).toBe(403);
    }
  });

  it('never creates a budget in a status of the chain', async () => {
    for (const status of ['approved', 'pending_admin', 'resubmit', 'rejected']) {
      const response = await kit.call('POST', '/api/budgets', admin, {
        projectId: project.id,
        items: kit.lines,
        status,
      });
      expect(response.statusCode, status).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses bad input with the spec texts, creating nothing', async () => {
    const before = (await kit.call('GET', `/api/budgets/project/${project.id}?limit=100`, admin)).json()
      .pagination.totalItems;
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ items: kit.lines }, PROJECT_REQUIRED],
      [{ projectId: project.id, items: [{ description: '', quantity: 1, unitPrice: 1 }] }, INCOMPLETE_LINES],
      [{ projectId: project.id, items: [{ description: 'Sand', unitPrice: 1 }] }, INCOMPLETE_LINES],
      [
        { projectId: project.id, items: [{ description: 'Sand', quantity: 1, unitPrice: '' }] },
        INCOMPLETE_LINES,
      ],
      [{ projectId: project.id, items: [] }, /at least one line/],
      [{ projectId: project.id, items: [{ description: 'Sand', quantity: -1, unitPrice: 1 }] }, /Quantity/],
      [
        { projectId: project.id, items: [{ description: 'Sand', quantity: 1, unitPrice: 0.001 }] },
        /two decimals/,
      ],
      [{ projectId: project.id, items: 'not json' }, /JSON/],
    ];
    for (const [body, message] of cases) {
      const response = await kit.call('POST', '/api/budgets', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    const missing = await kit.call('POST', '/api/budgets', admin, {
      projectId: '00000000-0000-4000-8000-000000000000',
      items: kit.lines,
    });
    expect(missing.statusCode).toBe(404);
    const after = (await kit.call('GET', `/api/budgets/project/${project.id}?limit=100`, admin)).json()
      .pagination.totalItems;
    expect(after).toBe(before);
  });

  it('takes amounts up to the largest, and refuses a unit price or a total past it', async () => {
    const own = await makeProject(server, { lead, client });
    const largest = await kit.create(lead, own.id, {
      items: [{ description: 'Tunnel boring', quantity: 1, unitPrice: 9_999_999_999_999.99 }],
    });
    expect(largest.totalAmount).toBe(9_999_999_999_999.99);
    const line = (quantity: number, unitPrice: number) => ({ description: 'Steel', quantity, unitPrice });
    for (const [items, message] of [
      [[line(1, 10_000_000_000_000)], 'Unit price is too large'],
      [[line(1_000_000_000, 9_999_999.99)], 'The budget total is too large'],
      [[line(1, 6_000_000_000_000), line(1, 4_000_000_000_000)], 'The budget total is too large'],
    ] as const) {
      const response = await kit.call('POST', '/api/budgets', admin, { projectId: own.id, items });
      expect(response.statusCode, JSON.stringify(items)).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it('takes documents with a multipart create, typed by their content, with view tokens', async () => {
    const response = await kit.form(
      'POST',
      '/api/budgets',
      lead,
      { projectId: project.id, items: JSON.stringify(kit.lines), remarks: 'With BOQ' },
      [pdf('boq.pdf')],
    );
    expect(response.statusCode, response.body).toBe(201);
    const budget = response.json().budget;
    expect(budget.attachments).toHaveLength(1);
    expect(budget.attachments[0]).toMatchObject({ originalName: 'boq.pdf', mimeType: 'application/pdf' });
    expect(budget.history.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
      'add-documents',
    ]);
    const view = await server.app.inject({ method: 'GET', url: budget.attachments[0].viewUrl });
    expect(view.statusCode).toBe(200);
    expect(view.body.startsWith('%PDF')).toBe(true);
    // Someone who may not see budgets cannot open it without the token.
    const id = budget.attachments[0].id;
    expect((await kit.call('GET', `/api/attachments/${id}/view`, engineer)).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/attachments/${id}/view`, otherLead)).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/attachments/${id}/view`, accountant)).statusCode).toBe(200);

    const disguised = await kit.form(
      'POST',
      '/api/budgets',
      lead,
      { projectId: project.id, items: JSON.stringify(kit.lines) },
      [
        {
          name: 'boq.pdf',
          type: 'application/pdf',
          content: Buffer.from('MZ\x90\x00 not a pdf at all, an exe'),
        },
      ],
    );
    expect(disguised.statusCode).toBe(415);

    // A document over 10 MB is refused (413) and no budget is left behind.
    const before = (await kit.call('GET', `/api/budgets/project/${project.id}?limit=1`, admin)).json()
      .pagination.totalItems;
    const oversized = await kit.form(
      'POST',
      '/api/budgets',
      lead,
      { projectId: project.id, items: JSON.stringify(kit.lines) },
      [
        {
          name: 'scan.pdf',
          type: 'application/pdf',
          content: Buffer.concat([pdf().content, Buffer.alloc(10 * 1024 * 1024)]),
        },
      ],
    );
    expect(oversized.statusCode).toBe(413);
    const after = (await kit.call('GET', `/api/budgets/project/${project.id}?limit=1`, admin)).json()
      .pagination.totalItems;
    expect(after).toBe(before);
  });

  it('keeps a draft to its author and the administrator until it is submitted', async () => {
    const draft = await kit.create(qs, project.id, { status: 'draft' });
    expect(draft.status).toBe('draft');
    expect((await kit.call('GET', `/api/budgets/${draft.id}`, accountant)).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/budgets/${draft.id}`, admin)).statusCode).toBe(200);
    const listed = (
      await kit.call('GET', `/api/budgets/project/${project.id}?status=draft&limit=100`, accountant)
    ).json();
    expect(listed.budgets.map((budget: { id: string }) => budget.id)).not.toContain(draft.id);
    const submitted = await kit.call('PUT', `/api/budgets/${draft.id}`, qs, { status: 'resubmit' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().budget.status).toBe('pending_accountant');
  });
});

describe('the chain', () => {
  it('runs lead → QS → accountant → admin, telling the next reviewer and then the author', async () => {
    const budget = await kit.create(lead, project.id);
    expect((await kit.notices(qs)).some((notice) => notice.title === 'Budget Awaiting Review')).toBe(true);
    let response = await kit.step(budget.id, 'qs-approve-to-accountant', qs, {
      qsRemarks: 'Quantities checked',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().budget).toMatchObject({
      status: 'pending_accountant',
      qsRemarks: 'Quantities checked',
    });
    expect(
      (await kit.notices(accountant)).some((notice) => notice.link === `/projects/${project.id}/budget`),
    ).toBe(true);
    response = await kit.step(budget.id, 'push-to-admin', accountant, { remarks: 'Funds available' });
    expect(response.json().budget.status).toBe('pending_admin');
    response = await kit.step(budget.id, 'approve', admin);
    const approved = response.json().budget;
    expect(approved.status).toBe('approved');
    // The step's answer, built from what its transaction locked and wrote, is what a read answers.
    const read = await kit.call('GET', `/api/budgets/${budget.id}`, admin);
    expect(approved).toEqual(read.json().budget);
    expect(approved.history.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
      'qs-approve-to-accountant',
      'push-to-admin',
      'approve',
    ]);
    expect(approved.history[2]).toMatchObject({
      fromStatus: 'pending_accountant',
      toStatus: 'pending_admin',
      remarks: 'Funds available',
      actor: { id: accountant.id, role: 'accountant' },
    });
    const told = await kit.notices(lead);
    expect(told.some((notice) => notice.title === 'Budget Approved' && notice.type === 'budget')).toBe(true);
  });

  it('runs lead → accountant → admin with the QS review off', async () => {
    await kit.setQsReview(admin, false);
    const budget = await kit.create(lead, project.id);
    expect(budget.status).toBe('pending_accountant');
    expect((await kit.step(budget.id, 'push-to-admin', accountant)).json().budget.status).toBe(
      'pending_admin',
    );
    expect((await kit.step(budget.id, 'approve', admin)).json().budget.status).toBe('approved');
  });

  it('returns to the lead from every reviewer, and the resubmission re-enters by the switch', async () => {
    const budget = await kit.create(lead, project.id);
    // Not without saying why.
    const silent = await kit.step(budget.id, 'qs-return-to-lead', qs, {});
    expect(silent.statusCode).toBe(400);
    expect(silent.json().error).toBe(BUDGET_REASON_REQUIRED);
    let response = await kit.step(budget.id, 'qs-return-to-lead', qs, { qsRemarks: 'Split the steel line' });
    expect(response.json().budget).toMatchObject({
      status: 'revision_needed',
      qsRemarks: 'Split the steel line',
    });
    // The author is told in a sentence, with who sent it back and their remarks, never a status word.
    const returned = (await kit.notices(lead)).find(
      (notice) => notice.title === 'Budget Sent Back for Revision',
    );
    expect(returned?.message).toBe(
      `Your budget for "${project.title}" (${formatNaira(budget.totalAmount)}) ` +
        `was sent back for revision by ${qs.name}. Remarks: "Split the steel line"`,
    );
    // Saving an edit as the lead resubmits it.
    response = await kit.call('PUT', `/api/budgets/${budget.id}`, lead, {
      items: [...kit.lines, { description: 'Binding wire', quantity: 10, unitPrice: 2_000 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().budget).toMatchObject({
      status: 'pending_qs',
      totalAmount: budget.totalAmount + 20_000,
    });
    // Approved by the QS without remarks: the earlier return's remarks are no longer the QS's word on it,
    // in the answer and as read again.
    response = await kit.step(budget.id, 'qs-approve-to-accountant', qs);
    expect(response.json().budget).toMatchObject({ status: 'pending_accountant', qsRemarks: '' });
    expect((await kit.call('GET', `/api/budgets/${budget.id}`, accountant)).json().budget.qsRemarks).toBe('');
    response = await kit.step(budget.id, 'return-to-lead', accountant, { remarks: 'Price check' });
    expect(response.json().budget.status).toBe('revision_needed');
    await kit.setQsReview(admin, false);
    response = await kit.call('PUT', `/api/budgets/${budget.id}`, lead, { status: 'resubmit' });
    expect(response.json().budget.status).toBe('pending_accountant');
    await kit.step(budget.id, 'push-to-admin', accountant);
    response = await kit.step(budget.id, 'return-to-lead', admin, { remarks: 'Too high' });
    expect(response.json().budget.status).toBe('revision_needed');
    response = await kit.step(budget.id, 'resubmit', lead);
    expect(response.json().budget.status).toBe('pending_accountant');
    await kit.step(budget.id, 'push-to-admin', accountant);
    response = await kit.step(budget.id, 'return-to-lead-qs', admin, { remarks: 'QS to recheck' });
    expect(response.json().budget.status).toBe('pending_qs');
    response = await kit.step(budget.id, 'qs-reject', qs, { qsRemarks: 'Not needed' });
    expect(response.json().budget.status).toBe('rejected');
    const rejected = (await kit.notices(lead)).find((notice) => notice.title === 'Budget Rejected');
    expect(rejected?.message).toMatch(/ was rejected by .+\. Remarks: "Not needed"$/);
    // A step refused for the state names it in words.
    const late = await kit.step(budget.id, 'approve', admin);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Budget cannot be changed this way while it is rejected');
    const edit = await kit.call('PUT', `/api/budgets/${budget.id}`, qs, { remarks: 'Again' });
    expect(edit.json().error).toBe('You cannot edit this budget while it is rejected');
    const actions = response.json().budget.history.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual([
      'create',
      'qs-return-to-lead',
      'edit',
      'resubmit',
      'qs-approve-to-accountant',
      'return-to-lead',
      'resubmit',
      'push-to-admin',
      'return-to-lead',
      'resubmit',
      'push-to-admin',
      'return-to-lead-qs',
      'qs-reject',
    ]);
  });

  it('answers 403 to a role that never takes a step and 409 to the right role in the wrong state, for every action', async () => {
    const budget = await kit.create(admin, project.id);
    // The architect acts on a project they lead.
    const archBudget = await kit.create(admin, (await makeProject(server, { lead: architect, client })).id);
    for (const action of budgetMachine.actions as readonly BudgetAction[]) {
      const roles = budgetMachine.rolesOf(action);
      for (const role of ROLES) {
        if (roles.includes(role)) continue;
        const response = await kit.step(budget.id, action, byRole[role]);
        expect(response.statusCode, `${action} by ${role}`).toBe(403);
      }
      for (const role of roles) {
        const wrong = budgetMachine.states.find(
          (status) =>
            budgetMachine.check(status, action, role, { qsReviewEnabled: true, authorRole: 'admin' })
              .allowed === false && status !== 'draft',
        )!;
        const target = role === 'architect' ? archBudget : budget;
        await kit.force(target.id, wrong);
        const response = await kit.step(target.id, action, byRole[role]);
        expect(response.statusCode, `${action} by ${role} while ${wrong}`).toBe(409);
        expect(response.json().code).toBe('INVALID_STATE');
      }
    }
  });

  it('lets exactly one of two concurrent approvals through', async () => {
    const budget = await kit.create(accountant, project.id);
    const [first, second] = await Promise.all([
      kit.step(budget.id, 'approve', admin),
      kit.step(budget.id, 'approve', admin),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const history = (await kit.call('GET', `/api/budgets/${budget.id}`, admin)).json().budget.history;
    expect(history.filter((entry: { action: string }) => entry.action === 'approve')).toHaveLength(1);
  });

  it('answers each of many concurrent steps with its own budget, and 404 for one that is not there', async () => {
    const created = await Promise.all(
      ['Sand', 'Gravel', 'Cement', 'Blocks'].map((description, index) =>
        kit.create(accountant, project.id, {
          items: [{ description, quantity: index + 1, unitPrice: 1000 }],
        }),
      ),
    );
    const missing = '00000000-0000-4000-8000-000000000001';
    const answers = await Promise.all(
      [...created.map((budget) => budget.id), missing].map((id) => kit.step(id, 'approve', admin)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 404]);
    for (const [index, budget] of created.entries()) {
      const shown = answers[index]!.json().budget;
      expect(shown).toMatchObject({ id: budget.id, status: 'approved', totalAmount: (index + 1) * 1000 });
      expect(shown.items[0].description).toBe(['Sand', 'Gravel', 'Cement', 'Blocks'][index]);
    }
  });

  it('answers 404 for a budget the caller may not see', async () => {
    const budget = await kit.create(otherLead, otherProject.id);
    expect((await kit.step(budget.id, 'resubmit', lead)).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/budgets/${budget.id}`, lead)).statusCode).toBe(404);
    expect((await kit.step('00000000-0000-4000-8000-000000000000', 'approve', admin)).statusCode).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('lets each role edit only in the statuses of spec 2 §6', async () => {
    const budget = await kit.create(admin, project.id);
    const edit = (who: TestUser) =>
      kit.call('PUT', `/api/budgets/${budget.id}`, who, { remarks: `by ${who.role}` });
    const table: Array<[TestUser, string, number]> = [
      [accountant, 'pending_accountant', 200],
      [accountant, 'pending_admin', 409],
      [qs, 'pending_accountant', 200],
      [qs, 'revision_needed', 200],
      [qs, 'pending_qs', 409],
      [lead, 'revision_needed', 200],
      [lead, 'pending_accountant', 409],
      [architect, 'revision_needed', 404],
      [admin, 'approved', 200],
      [admin, 'rejected', 200],
      [pm, 'pending_admin', 403],
      [engineer, 'pending_admin', 403],
      [client, 'pending_admin', 403],
    ];
    for (const [who, status, expected] of table) {
      await kit.force(budget.id, status as never);
      const response = await edit(who);
      expect(response.statusCode, `${who.role} while ${status}: ${response.body}`).toBe(expected);
    }
    const history = (await kit.call('GET', `/api/budgets/${budget.id}`, admin)).json().budget.history;
    expect(
      history.filter((entry: { action: string }) => entry.action === 'edit').length,
    ).toBeGreaterThanOrEqual(5);
  });

  it('refuses a status other than resubmit or the current one, and a change of project, on edit', async () => {
    const budget = await kit.create(admin, project.id);
    const moved = await kit.call('PUT', `/api/budgets/${budget.id}`, admin, { status: 'approved' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toContain("status may only be 'resubmit' or the budget's current status");
    expect((await kit.call('PUT', `/api/budgets/${budget.id}`, admin, { status: 'done' })).statusCode).toBe(
      400,
    );
    // The full body as it was read, sent back with new remarks, saves them and keeps the status.
    const echoed = await kit.call('PUT', `/api/budgets/${budget.id}`, admin, {
      projectId: budget.projectId,
      status: budget.status,
      remarks: 'Echoed back',
      items: budget.items.map(({ description, quantity, unitPrice, notes }) => ({
        description,
        quantity,
        unitPrice,
        notes,
      })),
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.json().budget).toMatchObject({ status: budget.status, remarks: 'Echoed back' });
    expect(
      (
        await kit.call('PUT', `/api/budgets/${budget.id}`, admin, {
          projectId: otherProject.id,
          remarks: 'x',
        })
      ).statusCode,
    ).toBe(400);
    const after = (await kit.call('GET', `/api/budgets/${budget.id}`, admin)).json().budget;
    expect(after).toMatchObject({
      status: 'pending_admin',
      projectId: project.id,
      remarks: 'Echoed back',
    });
  });

  it('adds and removes documents by the same rule, recording each change', async () => {
    const budget = await kit.create(accountant, project.id);
    await kit.force(budget.id, 'pending_accountant');
    let response = await kit.form('POST', `/api/budgets/${budget.id}/attachments`, accountant, {}, [
      pdf('quote.pdf'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json().budget.attachments[0];
    response = await kit.form('PUT', `/api/budgets/${budget.id}`, qs, { remarks: 'With a second quote' }, [
      pdf('q2.pdf'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().budget.attachments).toHaveLength(2);
    expect(
      (await kit.form('POST', `/api/budgets/${budget.id}/attachments`, lead, {}, [pdf()])).statusCode,
    ).toBe(409);
    expect(
      (await kit.form('POST', `/api/budgets/${budget.id}/attachments`, pm, {}, [pdf()])).statusCode,
    ).toBe(403);
    response = await kit.call('DELETE', `/api/budgets/${budget.id}/attachments/${document.id}`, accountant);
    expect(response.statusCode).toBe(200);
    expect(
      response.json().budget.attachments.map((file: { originalName: string }) => file.originalName),
    ).toEqual(['q2.pdf']);
    expect(response.json().budget.history.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
      'add-documents',
      'edit',
      'add-documents',
      'remove-document',
    ]);
  });

  it('lets the administrator delete, and the author only a draft', async () => {
    const draft = await kit.create(lead, project.id, { status: 'draft' });
    const submitted = await kit.create(lead, project.id);
    expect((await kit.call('DELETE', `/api/budgets/${submitted.id}`, lead)).statusCode).toBe(409);
    expect((await kit.call('DELETE', `/api/budgets/${submitted.id}`, accountant)).statusCode).toBe(403);
    expect((await kit.call('DELETE', `/api/budgets/${draft.id}`, accountant)).statusCode).toBe(404);
    expect((await kit.call('DELETE', `/api/budgets/${draft.id}`, lead)).statusCode).toBe(200);
    expect((await kit.call('DELETE', `/api/budgets/${submitted.id}`, admin)).statusCode).toBe(200);
    expect((await kit.call('GET', `/api/budgets/${submitted.id}`, admin)).statusCode).toBe(404);
    expect(await server.ctx.statusHistory.forEntity('budget', submitted.id)).toEqual([]);
  });

  it('never changes a budget history row while the budget lives', async () => {
    const budget = await kit.create(admin, project.id);
    await expect(
      server.ctx.db.execute(
        `update status_history set remarks = 'rewritten' where entity_id = '${budget.id}'` as never,
      ),
    ).rejects.toThrow();
  });
});

describe('reading budgets', () => {
  it('shows budgets to their readers, 403 to others, 404 for a project a lead does not lead', async () => {
    for (const who of [admin, pm, accountant, qs, lead]) {
      expect((await kit.call('GET', `/api/budgets/project/${project.id}`, who)).statusCode, who.role).toBe(
        200,
      );
    }
    for (const who of [engineer, store, client, vendor]) {
      expect((await kit.call('GET', '/api/budgets', who)).statusCode, who.role).toBe(403);
      expect((await kit.call('GET', `/api/budgets/project/${project.id}`, who)).statusCode, who.role).toBe(
        403,
      );
    }
    expect((await kit.call('GET', `/api/budgets/project/${project.id}`, otherLead)).statusCode).toBe(404);
    const mine = (await kit.call('GET', '/api/budgets?limit=100', otherLead)).json().budgets;
    expect(mine.every((budget: { projectId: string }) => budget.projectId === otherProject.id)).toBe(true);
  });

  it('pages and filters in SQL', async () => {
    const fresh = await makeProject(server, { lead, client });
    for (let index = 0; index < 5; index++) await kit.create(accountant, fresh.id);
    await kit.create(qs, fresh.id);
    let answer = (await kit.call('GET', `/api/budgets/project/${fresh.id}?page=1&limit=4`, admin)).json();
    expect(answer.budgets).toHaveLength(4);
    expect(answer.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalItems: 6,
      itemsPerPage: 4,
      hasNext: true,
    });
    expect(answer.budgets[0].author.role).toBe('quantity_surveyor');
    answer = (await kit.call('GET', `/api/budgets?projectId=${fresh.id}&page=2&limit=4`, admin)).json();
    expect(answer.budgets).toHaveLength(2);
    expect(answer.pagination.hasNext).toBe(false);
    answer = (
      await kit.call('GET', `/api/budgets?projectId=${fresh.id}&status=pending_accountant`, admin)
    ).json();
    expect(answer.pagination.totalItems).toBe(1);
    answer = (
      await kit.call(
        'GET',
        `/api/budgets?projectId=${fresh.id}&status=pending_accountant,pending_admin`,
        admin,
      )
    ).json();
    expect(answer.pagination.totalItems).toBe(6);
    // Kept totals follow a new budget and a deletion.
    const added = await kit.create(admin, fresh.id);
    answer = (await kit.call('GET', `/api/budgets/project/${fresh.id}?page=1&limit=4`, admin)).json();
    expect(answer.pagination.totalItems).toBe(7);
    await kit.call('DELETE', `/api/budgets/${added.id}`, admin);
    answer = (await kit.call('GET', `/api/budgets/project/${fresh.id}?page=1&limit=4`, admin)).json();
    expect(answer.pagination.totalItems).toBe(6);
    expect((await kit.call('GET', '/api/budgets?status=done', admin)).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/budgets?limit=500', admin)).statusCode).toBe(400);
  });

  it("answers concurrent reads of several projects' budgets each with its own page and total", async () => {
    const filled = [];
    for (const count of [1, 2, 3]) {
      const fresh = await makeProject(server, { lead, client });
      for (let index = 0; index < count; index++) await kit.create(accountant, fresh.id);
      filled.push({ id: fresh.id, count });
    }
    const empty = await makeProject(server, { lead, client });
    const read = (id: string, who: TestUser) => kit.call('GET', `/api/budgets/project/${id}?limit=2`, who);
    const [answers, emptyAnswer, notTheirs] = await Promise.all([
      Promise.all(filled.map(({ id }) => read(id, admin))),
      read(empty.id, admin),
      read(filled[2]!.id, otherLead),
    ]);
    for (const [index, { id, count }] of filled.entries()) {
      const answer = answers[index]!.json();
      expect(answer.pagination.totalItems).toBe(count);
      expect(answer.budgets).toHaveLength(Math.min(count, 2));
      expect(answer.budgets.every((budget: { projectId: string }) => budget.projectId === id)).toBe(true);
    }
    expect(emptyAnswer.statusCode).toBe(200);
    expect(emptyAnswer.json()).toMatchObject({ budgets: [], pagination: { totalItems: 0 } });
    expect(notTheirs.statusCode).toBe(404);
  });

  it('keeps the list answer until a budget changes', async () => {
    const budget = await kit.create(accountant, project.id);
    const read = spyOnPage();
    const first = (await kit.call('GET', '/api/budgets?limit=5', admin)).json();
    const again = (await kit.call('GET', '/api/budgets?limit=5', admin)).json();
    expect(again).toEqual(first);
    expect(read).toHaveBeenCalledTimes(1);
    await kit.step(budget.id, 'approve', admin);
    const after = (await kit.call('GET', '/api/budgets?limit=5', admin)).json();
    expect(after.budgets.find((shown: { id: string }) => shown.id === budget.id).status).toBe('approved');
    read.mockRestore();
  });

  it('counts only approved budgets in the project utilisation', async () => {
    const fresh = await makeProject(server, { lead, client }, { budget: 1_000_000 });
    const approved = await kit.create(accountant, fresh.id, {
      items: [{ description: 'Blocks', quantity: 1000, unitPrice: 255 }],
    });
    await kit.create(accountant, fresh.id, {
      items: [{ description: 'Roofing', quantity: 1, unitPrice: 400_000 }],
    });
    await kit.step(approved.id, 'approve', admin);
    const shown = (await kit.call('GET', `/api/projects/${fresh.id}`, pm)).json().project;
    expect(shown).toMatchObject({ approvedBudgetTotal: 255_000, budgetUtilisation: 26 });
    const asClient = (await kit.call('GET', `/api/projects/${fresh.id}`, client)).json().project;
    expect(asClient).toMatchObject({ approvedBudgetTotal: null, budgetUtilisation: null });
    const stats = (await kit.call('GET', '/api/projects/dashboard-stats', admin)).json().stats;
    expect(stats.totalApprovedBudgets).toBeGreaterThanOrEqual(255_000);
  });
});
