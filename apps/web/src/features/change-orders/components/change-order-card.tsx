import type { Actor } from '@trowel/shared/auth/policy.ts';
import {
  CHANGE_ORDER_HISTORY_LABELS,
  CHANGE_ORDER_STATUS_LABELS,
  type ChangeOrderStatus,
} from '@trowel/shared/change-orders/change-order.machine.ts';
import { canEditChangeOrder, changeOrderActions } from '@trowel/shared/change-orders/change-order.policy.ts';
import type { ChangeOrderDto } from '@trowel/shared/change-orders/change-order.schemas.ts';
import type { ProjectRef } from '@trowel/shared/projects/project.policy.ts';
import { scheduleImpactText } from '@trowel/shared/change-orders/change-order.notices.ts';
import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FileLinks } from '../../../components/ui/file-links.tsx';
import { StatusHistory } from '../../../components/ui/status-history.tsx';
import { formatDateOnly, formatDateTime } from '../../../lib/format-date.ts';
import { ChangeOrderAnswer } from './change-order-answer.tsx';
import { ChangeOrderForm } from './change-order-form.tsx';
import { ChangeOrderStaffActions } from './change-order-staff-actions.tsx';

const TONES = {
  draft: 'neutral',
  sent_to_client: 'amber',
  approved: 'green',
  declined: 'red',
  withdrawn: 'neutral',
} as const satisfies Record<ChangeOrderStatus, 'neutral' | 'amber' | 'green' | 'red'>;

interface CardProps {
  changeOrder: ChangeOrderDto;
  project: ProjectRef & { id: string };
  viewer: Actor;
  /** Send is refused until the project's contract value is recorded (the section says so). */
  sendBlocked?: boolean;
}

/** One change order: its lines and total, effect, installment, files, sign-off and the steps offered. */
export function ChangeOrderCard({ changeOrder: order, project, viewer, sendBlocked = false }: CardProps) {
  const actions = changeOrderActions(viewer, project, order);
  const mayEdit = canEditChangeOrder(viewer, project, order);
  const [editing, setEditing] = useState(false);
  if (editing && mayEdit) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <ChangeOrderForm projectId={project.id} changeOrder={order} onDone={() => setEditing(false)} />
      </div>
    );
  }
  return (
    <article
      aria-label={`${order.number}: ${order.description}`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">{order.number}</p>
          <h3 className="font-semibold wrap-anywhere text-slate-900">{order.description}</h3>
        </div>
        <Badge tone={TONES[order.status]}>{CHANGE_ORDER_STATUS_LABELS[order.status]}</Badge>
      </header>
      <p className="text-sm wrap-anywhere text-slate-700">
        <span className="font-medium">Reason: </span>
        {order.reason}
      </p>
      <ul
        aria-label={`${order.number} lines`}
        className="divide-y divide-slate-100 border-y border-slate-100 text-sm"
      >
        {order.items.map((line) => (
          <li key={line.id} className="flex flex-wrap justify-between gap-x-3 py-2">
            <span className="min-w-0 wrap-anywhere text-slate-900">{line.description}</span>
            <span className="text-slate-600 tabular-nums">
              {formatQuantity(line.quantity)}
              {line.unit ? ` ${line.unit}` : ''} × {formatNaira(line.unitPrice)} ={' '}
              <span className="font-medium text-slate-900">{formatNaira(line.total)}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Total</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatNaira(order.totalAmount)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Schedule</dt>
          <dd className="text-slate-900">{scheduleImpactText(order.scheduleImpactDays)}</dd>
        </div>
        {order.installment ? (
          <div>
            <dt className="text-slate-500">Installment on approval</dt>
            <dd className="text-slate-900">
              {formatNaira(order.installment.amount)} due {formatDateOnly(order.installment.dueDate)}
            </dd>
          </div>
        ) : null}
      </dl>
      {order.internalNotes ? (
        <p className="rounded-md bg-slate-50 p-2 text-sm wrap-anywhere text-slate-700">
          <span className="font-medium">Internal notes: </span>
          {order.internalNotes}
        </p>
      ) : null}
      {order.attachments.length > 0 ? <FileLinks files={order.attachments} /> : null}
      {order.status === 'approved' && order.signedName && order.signedAt ? (
        <p className="text-sm text-green-800">
          Approved and signed by <span className="font-medium">{order.signedName}</span> on{' '}
          {formatDateTime(order.signedAt)}
        </p>
      ) : null}
      {order.status === 'declined' && order.declineReason ? (
        <p className="text-sm wrap-anywhere text-red-800">Declined: {order.declineReason}</p>
      ) : null}
      {mayEdit ? (
        <Button variant="outline" onClick={() => setEditing(true)}>
          Edit
        </Button>
      ) : null}
      <ChangeOrderStaffActions
        projectId={project.id}
        changeOrder={order}
        maySend={actions.includes('send')}
        sendBlocked={sendBlocked}
        mayWithdraw={actions.includes('withdraw')}
      />
      {actions.includes('approve') || actions.includes('decline') ? (
        <ChangeOrderAnswer
          projectId={project.id}
          changeOrderId={order.id}
          mayApprove={actions.includes('approve')}
          mayDecline={actions.includes('decline')}
        />
      ) : null}
      {order.history.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600">History</summary>
          <div className="mt-2">
            <StatusHistory history={order.history} labels={CHANGE_ORDER_HISTORY_LABELS} />
          </div>
        </details>
      ) : null}
    </article>
  );
}
