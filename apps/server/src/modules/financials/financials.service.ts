import { randomUUID } from 'node:crypto';
import { can } from '@trowel/shared/auth/policy.ts';
import { projectScope } from '@trowel/shared/auth/scope.ts';
import { fromKobo, toKobo } from '@trowel/shared/money/kobo.ts';
import {
  canManageFinancials,
  canReadFinancials,
  shownInstallmentStatus,
} from '@trowel/shared/financials/financials.rules.ts';
import {
  amountPaidKobo,
  currentValueKobo,
  paidInstallmentsKobo,
  paymentFigures,
} from '@trowel/shared/financials/payment-figures.ts';
import {
  FINANCIALS_ERRORS,
  type FinancialsDto,
  type FinancialsInput,
  type InstallmentStatus,
} from '@trowel/shared/financials/financials.schemas.ts';
import { todayInLagos } from '@trowel/shared/projects/phase.rules.ts';
import type { ModuleContext } from '../../platform.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';

/**
 * Route check of GET: the finance roles and project_manager read any project's financials, the client
 * their own project's (404 for another's); everyone else is refused (403).
 */
export async function mayReadFinancials(ctx: ModuleContext, actor: AuthUser, projectId: string) {
  if (!can(actor, 'financials:read') && projectScope(actor) !== 'own') throw forbidden();
  const project = await ctx.projects.findVisible(actor, projectId);
  if (!project || !canReadFinancials(actor, project)) throw notFound('Project');
  return project;
}

/** Route check of PUT: admin, accountant and QS (403 otherwise), on a project that exists (404). */
export async function mayManageFinancials(ctx: ModuleContext, actor: AuthUser, projectId: string) {
  if (!canManageFinancials(actor)) throw forbidden("You don't have permission to manage financials");
  const project = await ctx.projects.findVisible(actor, projectId);
  if (!project) throw notFound('Project');
  return project;
}

/** GET /projects/{id}/financials: null until recorded; installments past due and unpaid show overdue. */
export async function getFinancials(ctx: ModuleContext, actor: AuthUser, projectId: string) {
  await mayReadFinancials(ctx, actor, projectId);
  return financialsOf(ctx, projectId);
}

async function financialsOf(ctx: ModuleContext, projectId: string): Promise<FinancialsDto | null> {
  const found = await ctx.financials.find(projectId);
  if (!found) return null;
  const today = todayInLagos();
  const { totalProjectValue, originalValue, approvedVariations, amountPaid, outstandingBalance } =
    paymentFigures(totalsOf(found));
  return {
    projectId,
    totalProjectValue,
    originalValue,
    approvedVariations,
    initialPayment: fromKobo(found.financials.initialPaymentKobo),
    outstandingBalance,
    amountPaid,
    installments: found.installments.map((installment) => ({
      id: installment.id,
      amount: fromKobo(installment.amountKobo),
      dueDate: installment.dueDate,
      status: shownInstallmentStatus(installment.status, installment.dueDate, today),
    })),
    updatedAt: found.financials.updatedAt.toISOString(),
  };
}

/** The kobo totals the payment figures are computed from. */
function totalsOf(figures: {
  financials: { totalValueKobo: number; initialPaymentKobo: number };
  installments: ReadonlyArray<{ amountKobo: number; status: InstallmentStatus }>;
  variationsKobo: number;
}) {
  return {
    valueKobo: figures.financials.totalValueKobo,
    variationsKobo: figures.variationsKobo,
    initialPaymentKobo: figures.financials.initialPaymentKobo,
    paidInstallmentsKobo: paidInstallmentsKobo(figures.installments),
  };
}

/** The figures a save leaves: each field sent, else the one recorded (all three sent on the first save). */
function mergedFinancials(
  input: FinancialsInput,
  recorded: Awaited<ReturnType<ModuleContext['financials']['find']>>,
) {
  if (
    !recorded &&
    (input.totalProjectValue === undefined || input.initialPayment === undefined || !input.installments)
  ) {
    throw badRequest(FINANCIALS_ERRORS.firstSaveIncomplete);
  }
  const totalValueKobo =
    input.totalProjectValue === undefined
      ? recorded!.financials.totalValueKobo
      : toKobo(input.totalProjectValue);
  const initialPaymentKobo =
    input.initialPayment === undefined
      ? recorded!.financials.initialPaymentKobo
      : toKobo(input.initialPayment);
  const installments = input.installments
    ? input.installments.map(({ id, amount, dueDate, status }) => ({
        id,
        amountKobo: toKobo(amount),
        dueDate,
        status,
      }))
    : recorded!.installments.map(({ id, amountKobo, dueDate, status }) => ({
        id,
        amountKobo,
        dueDate,
        status,
      }));
  const totals = totalsOf({
    financials: { totalValueKobo, initialPaymentKobo },
    installments,
    variationsKobo: recorded?.variationsKobo ?? 0,
  });
  // What was paid is held against the current value: the approved change orders are owed too.
  if (initialPaymentKobo > currentValueKobo(totals)) throw badRequest(FINANCIALS_ERRORS.initialAboveTotal);
  if (amountPaidKobo(totals) > currentValueKobo(totals)) throw badRequest(FINANCIALS_ERRORS.paidAboveTotal);
  return { totalValueKobo, initialPaymentKobo, installments };
}

/**
 * PUT /projects/{id}/financials: the figures and installments replaced on the locked project, the
 * outstanding balance the server's, admin and accountant told in the same transaction.
 */
export async function saveFinancials(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
  input: FinancialsInput,
) {
  await mayManageFinancials(ctx, actor, projectId);
  await ctx.db.transaction(async (tx) => {
    const scoped = ctx.withDb(tx as never);
    const project = await scoped.projects.lock(projectId);
    if (!project) throw notFound('Project');
    const recorded = await scoped.financials.find(projectId);
    const merged = mergedFinancials(input, recorded);
    const kept = new Set(recorded?.installments.map((installment) => installment.id));
    await scoped.financials.save(
      projectId,
      {
        totalValueKobo: merged.totalValueKobo,
        initialPaymentKobo: merged.initialPaymentKobo,
        updatedBy: actor.id,
      },
      merged.installments.map((installment) => ({
        id: installment.id && kept.has(installment.id) ? installment.id : randomUUID(),
        amountKobo: installment.amountKobo,
        dueDate: installment.dueDate,
        // Overdue is shown, not stored: an unpaid installment is pending until paid.
        status: installment.status === 'paid' ? 'paid' : 'pending',
      })),
    );
    await scoped.notifications.create({
      type: 'budget',
      title: 'Project Financials Updated',
      message: `${actor.name} updated the financials of "${project.title}".`,
      link: `/projects/${projectId}/financials`,
      projectId,
      recipientRoles: ['admin', 'accountant'],
      excludeUserId: actor.id,
    });
  });
  // Client dashboards read the value and the amount paid from here.
  await ctx.invalidate({ kind: 'projects' });
  // The notification's emails are queued jobs.
  ctx.wakeWorker();
  return financialsOf(ctx, projectId);
}
