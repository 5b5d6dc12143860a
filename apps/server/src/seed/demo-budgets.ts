import { randomUUID } from 'node:crypto';
import {
  budgetMachine,
  type BudgetAction,
  type BudgetStatus,
} from '@trowel/shared/budgets/budget.machine.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { DEFAULT_COST_CATEGORY, type CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { fromKobo } from '@trowel/shared/money/kobo.ts';
import { lineTotalKobo } from '@trowel/shared/money/line-total.ts';
import type { Repositories } from '../context.ts';
import { seedHistory } from '../workflow/seed-history.ts';
import { demoPerson } from './demo-people.ts';

interface DemoBudget {
  project: string;
  author: string;
  authorRole: Role;
  remarks: string;
  lines: Array<{
    description: string;
    quantity: number;
    unitPriceKobo: number;
    notes?: string;
    category?: CostCategory;
  }>;
  /** The steps taken after creation, by whom, each with its remarks. */
  steps: Array<{ action: BudgetAction; by: string; to: BudgetStatus; remarks?: string }>;
  qsRemarks?: string;
}

/** Budgets in different places of the review chain, written as the chain would have written them. */
export const DEMO_BUDGETS: DemoBudget[] = [
  {
    project: 'Lekki Pearl Apartments',
    author: 'lead@trowel.test',
    authorRole: 'project_lead',
    remarks: 'Substructure and ground floor frame',
    lines: [
      { description: 'Cement (50kg bags)', quantity: 1200, unitPriceKobo: 950_000 },
      { description: 'Reinforcement bars 12mm (tonnes)', quantity: 18.5, unitPriceKobo: 98_000_000 },
      { description: 'Sharp sand (20-tonne trips)', quantity: 24, unitPriceKobo: 18_500_000 },
    ],
    steps: [
      {
        action: 'qs-approve-to-accountant',
        by: 'qs@trowel.test',
        to: 'pending_accountant',
        remarks: 'Quantities checked against the drawings',
      },
      {
        action: 'push-to-admin',
        by: 'accountant@trowel.test',
        to: 'pending_admin',
        remarks: 'Funds available this quarter',
      },
      { action: 'approve', by: 'admin@trowel.test', to: 'approved' },
    ],
    qsRemarks: 'Quantities checked against the drawings',
  },
  {
    project: 'Lekki Pearl Apartments',
    author: 'lead@trowel.test',
    authorRole: 'project_lead',
    remarks: 'First floor slab and columns',
    lines: [
      { description: 'Ready-mix concrete C25 (m³)', quantity: 140, unitPriceKobo: 7_200_000 },
      { description: 'Formwork plywood 18mm (sheets)', quantity: 320, unitPriceKobo: 2_450_000 },
    ],
    steps: [
      {
        action: 'qs-approve-to-accountant',
        by: 'qs@trowel.test',
        to: 'pending_accountant',
        remarks: 'Rates in line with the market',
      },
    ],
    qsRemarks: 'Rates in line with the market',
  },
  {
    project: 'Maitama Office Complex',
    author: 'lead@trowel.test',
    authorRole: 'project_lead',
    remarks: 'Curtain wall, first phase',
    lines: [
      { description: 'Aluminium curtain wall (m²)', quantity: 850, unitPriceKobo: 14_500_000 },
      {
        description: 'Installation labour (m²)',
        quantity: 850,
        unitPriceKobo: 2_200_000,
        category: 'Labour',
      },
    ],
    steps: [
      {
        action: 'qs-return-to-lead',
        by: 'qs@trowel.test',
        to: 'revision_needed',
        remarks: 'Add the glazing sealant and the scaffolding hire',
      },
    ],
    qsRemarks: 'Add the glazing sealant and the scaffolding hire',
  },
  {
    project: 'Trans-Amadi Logistics Warehouse',
    author: 'accountant@trowel.test',
    authorRole: 'accountant',
    remarks: 'Roofing sheets and purlins',
    lines: [
      { description: 'Long-span aluminium roofing sheets (m²)', quantity: 4200, unitPriceKobo: 650_000 },
      { description: 'Steel purlins (lengths)', quantity: 380, unitPriceKobo: 3_800_000 },
    ],
    steps: [],
  },
];

/**
 * What clients of demo projects pay: value, initial payment and installments. Projects of
 * client@trowel.test have none recorded (the browser test of financials records the first).
 */
const DEMO_FINANCIALS = [
  {
    project: 'Bodija Secondary School',
    totalValueKobo: 85_000_000_000,
    initialPaymentKobo: 25_000_000_000,
    installments: [
      { amountKobo: 20_000_000_000, dueDate: '2026-03-31', status: 'paid' as const },
      { amountKobo: 20_000_000_000, dueDate: '2026-09-30', status: 'pending' as const },
      { amountKobo: 20_000_000_000, dueDate: '2027-03-31', status: 'pending' as const },
    ],
  },
  {
    project: 'Maitama Office Complex',
    totalValueKobo: 310_000_000_000,
    initialPaymentKobo: 90_000_000_000,
    installments: [
      { amountKobo: 110_000_000_000, dueDate: '2026-12-15', status: 'pending' as const },
      { amountKobo: 110_000_000_000, dueDate: '2027-06-15', status: 'pending' as const },
    ],
  },
];

export async function seedDemoBudgets(
  scoped: Repositories,
  idsByEmail: Map<string, string>,
  projectIds: Map<string, string>,
) {
  const id = (email: string) => idsByEmail.get(email)!;
  for (const demo of DEMO_BUDGETS) {
    const projectId = projectIds.get(demo.project)!;
    const entry = demo.authorRole === 'accountant' ? 'pending_admin' : 'pending_qs';
    const status = demo.steps.at(-1)?.to ?? entry;
    const budget = await scoped.budgets.insert({
      projectId,
      authorId: id(demo.author),
      authorRole: demo.authorRole,
      status,
      remarks: demo.remarks,
      qsRemarks: demo.qsRemarks ?? '',
    });
    await scoped.budgets.setLines(
      budget.id,
      demo.lines.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPriceKobo: line.unitPriceKobo,
        totalKobo: lineTotalKobo(line.quantity, fromKobo(line.unitPriceKobo)),
        notes: line.notes ?? '',
        category: line.category ?? DEFAULT_COST_CATEGORY,
      })),
    );
    const actor = (email: string) => ({ id: id(email), role: demoPerson(email).role });
    const reached = await seedHistory(scoped, budgetMachine, budget.id, {
      created: { status: entry, actor: actor(demo.author), remarks: demo.remarks },
      steps: demo.steps.map((step) => ({
        action: step.action,
        actor: actor(step.by),
        remarks: step.remarks,
      })),
      options: { qsReviewEnabled: true, authorRole: demo.authorRole },
    });
    if (reached !== status)
      throw new Error(`demo budget of ${demo.project} ends at ${reached}, not ${status}`);
  }
  for (const demo of DEMO_FINANCIALS) {
    await scoped.financials.save(
      projectIds.get(demo.project)!,
      {
        totalValueKobo: demo.totalValueKobo,
        initialPaymentKobo: demo.initialPaymentKobo,
        updatedBy: id('accountant@trowel.test'),
      },
      demo.installments.map((installment) => ({ id: randomUUID(), ...installment })),
    );
  }
}
