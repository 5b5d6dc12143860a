import { pricesVisible } from '@trowel/shared/procurement/sealed-bids.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Role } from '@trowel/shared/auth/roles.ts';
import {
  RFQ_ACTION_LABELS,
  RFQ_ACTIONS_WITH_VENDOR,
  RFQ_NEGOTIATION_ACTIONS,
  approvalNeedsReason,
  rfqMachine,
  rfqStatusAfter,
  type RfqAction,
} from '@trowel/shared/procurement/rfq.machine.ts';
import { RFQ_MESSAGES, rfqStatusInput, type RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { bodySchema, errorMessages } from '../../../lib/form-schema.ts';
import { useChangeRfqStatus } from '../api/get-rfq.ts';

const DESTRUCTIVE: readonly RfqAction[] = ['reject', 'admin_reject', 'cancel'];

/** The step's fields as chosen: the vendor (for the steps that name one) and the notes. */
interface RfqStepValues {
  vendorId: string;
  notes: string;
}

const VENDOR_NEEDED = 'Choose a vendor who quoted.';

/**
 * The step checked as PUT /rfqs/{id}/status checks it: a step that names a vendor needs one chosen,
 * and approving another vendor than the recommended one needs a reason.
 */
const rfqStepSchema = (action: RfqAction | null, recommendedVendorId: string | null) => {
  const needsVendor = action !== null && RFQ_ACTIONS_WITH_VENDOR.includes(action);
  return bodySchema(
    (values: RfqStepValues) => ({
      status: action ? rfqStatusAfter(action) : undefined,
      notes: values.notes,
      vendorId: needsVendor ? values.vendorId : null,
    }),
    rfqStatusInput
      .refine((input) => !needsVendor || input.vendorId !== null, {
        message: VENDOR_NEEDED,
        path: ['vendorId'],
      })
      .refine((input) => !approvalNeedsReason(action, recommendedVendorId, input.vendorId) || input.notes, {
        message: RFQ_MESSAGES.reasonForOtherVendor,
        path: ['notes'],
      }),
  );
};

/** The steps this person may take now (read from the RFQ machine), with notes and, where needed, a vendor. */
export function RfqActions({ rfq, role }: { rfq: RfqDto; role: Role }) {
  const actions = rfqMachine
    .actionsFor(rfq.status, role)
    .filter((action) => action !== 'record_response' && !RFQ_NEGOTIATION_ACTIONS.includes(action))
    // A vendor is chosen on their prices: not while the bids are sealed.
    .filter((action) => pricesVisible(rfq) || !RFQ_ACTIONS_WITH_VENDOR.includes(action));
  const [chosen, setChosen] = useState<RfqAction | null>(null);
  const quoted = rfq.responses.map((response) => ({ id: response.vendorId, name: response.vendor.name }));
  const form = useForm({
    resolver: zodResolver(rfqStepSchema(chosen, rfq.recommendedVendorId)),
    defaultValues: { vendorId: rfq.recommendedVendorId ?? '', notes: '' },
  });
  const change = useChangeRfqStatus(rfq.id);
  if (actions.length === 0) return null;

  const needsVendor = chosen !== null && RFQ_ACTIONS_WITH_VENDOR.includes(chosen);
  const needsReason = approvalNeedsReason(chosen, rfq.recommendedVendorId, form.watch('vendorId') || null);
  const recommendedName = quoted.find((vendor) => vendor.id === rfq.recommendedVendorId)?.name;
  const confirm = form.handleSubmit(
    (step) => {
      if (!chosen) return;
      change.mutate(step, {
        onSuccess: () => {
          toast.success(`${RFQ_ACTION_LABELS[chosen]}: done`);
          setChosen(null);
          form.setValue('notes', '');
        },
        onError: (error) => toast.error(errorMessage(error, RFQ_MESSAGES.statusFailed)),
      });
    },
    (errors) =>
      toast.error(RFQ_MESSAGES.validationTitle, { description: errorMessages(errors)[0] ?? VENDOR_NEEDED }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Actions</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              variant={chosen === action ? 'primary' : DESTRUCTIVE.includes(action) ? 'outline' : 'secondary'}
              onClick={() => {
                // Each step's form starts from the RFQ as it is now: the vendor the QS recommended.
                form.setValue('vendorId', rfq.recommendedVendorId ?? '');
                setChosen(action);
              }}
              aria-pressed={chosen === action}
            >
              {RFQ_ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
        {chosen ? (
          <div className="space-y-3 rounded-md border border-slate-200 p-3">
            {needsVendor ? (
              <FormField id="rfq-action-vendor" label="Vendor" required>
                {(control) => (
                  <NativeSelect {...control} {...form.register('vendorId')}>
                    <option value="">Choose a vendor who quoted</option>
                    <NamedOptions items={quoted} />
                  </NativeSelect>
                )}
              </FormField>
            ) : null}
            <FormField
              id="rfq-action-notes"
              label={needsReason ? 'Reason' : 'Notes'}
              required={needsReason}
              error={form.formState.errors.notes?.message}
              hint={
                needsReason
                  ? `${recommendedName ?? 'Another vendor'} was recommended. Say why you approve this vendor instead; the reason is kept in the history.`
                  : undefined
              }
            >
              {(control) => <Textarea {...control} {...form.register('notes')} rows={3} />}
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setChosen(null)} disabled={change.isPending}>
                Cancel
              </Button>
              <BusyButton
                busy={change.isPending}
                busyLabel="Saving..."
                onClick={(event) => void confirm(event)}
              >
                Confirm {RFQ_ACTION_LABELS[chosen]}
              </BusyButton>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
