import { can, type Actor } from '@trowel/shared/auth/policy.ts';
import { canDraftChangeOrders } from '@trowel/shared/change-orders/change-order.policy.ts';
import { CHANGE_ORDER_MESSAGES } from '@trowel/shared/change-orders/change-order.schemas.ts';
import type { ProjectRef } from '@trowel/shared/projects/project.policy.ts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { InfiniteList, listTexts } from '../../../components/ui/infinite-list.tsx';
import { useChangeOrders } from '../api/get-change-orders.ts';
import { ChangeOrderCard } from './change-order-card.tsx';
import { ChangeOrderForm } from './change-order-form.tsx';

/**
 * A project's change orders: the staff draft, send and withdraw them; the client sees those sent to
 * them and approves or declines. What each person is offered comes from the shared policy.
 */
export function ChangeOrdersSection(props: { project: ProjectRef & { id: string }; viewer: Actor }) {
  const { project, viewer } = props;
  const mayDraft = canDraftChangeOrders(viewer, project);
  const [drafting, setDrafting] = useState(false);
  const list = useChangeOrders(project.id);
  // The server refuses to send one without the project's contract value: said before Send is offered.
  const valueMissing = mayDraft && list.contractValueRecorded === false;
  return (
    <section aria-label={CHANGE_ORDER_MESSAGES.title} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{CHANGE_ORDER_MESSAGES.title}</h2>
        {mayDraft && !drafting ? (
          <Button onClick={() => setDrafting(true)}>
            <Plus aria-hidden="true" /> New change order
          </Button>
        ) : null}
      </div>
      {valueMissing ? (
        <Alert tone="warning" title={CHANGE_ORDER_MESSAGES.contractValueMissing}>
          <p>{CHANGE_ORDER_MESSAGES.contractValueFirst}</p>
          {can(viewer, 'financials:manage') ? (
            <Button asChild variant="outline" size="sm" className="mt-2">
              <Link to={`/projects/${project.id}/financials`}>Record the contract value</Link>
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {drafting ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <ChangeOrderForm projectId={project.id} onDone={() => setDrafting(false)} />
        </div>
      ) : null}
      <InfiniteList
        list={list}
        label="Change orders"
        className="space-y-3"
        texts={listTexts('change order', 'change orders', CHANGE_ORDER_MESSAGES.loadFailed)}
        empty={{
          title: CHANGE_ORDER_MESSAGES.empty,
          description: mayDraft ? CHANGE_ORDER_MESSAGES.emptyStaff : CHANGE_ORDER_MESSAGES.emptyClient,
        }}
        renderItem={(order, ref) => (
          <div ref={ref}>
            <ChangeOrderCard
              changeOrder={order}
              project={project}
              viewer={viewer}
              sendBlocked={valueMissing}
            />
          </div>
        )}
      />
    </section>
  );
}
