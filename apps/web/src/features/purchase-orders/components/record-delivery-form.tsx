import { todayInLagos } from '@trowel/shared/format/calendar-date.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import { formatQuantity } from '@trowel/shared/money/format.ts';
import {
  createDeliveryInput,
  DELIVERY_MESSAGES,
  type CreateDeliveryValues,
} from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import type { PurchaseOrderDto } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Field } from '../../../components/ui/field.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { UploadFormFooter } from '../../../components/ui/upload-form-footer.tsx';
import { SendOriginalToggle } from '../../../components/ui/send-original-toggle.tsx';
import { useIdempotentUpload } from '../../../hooks/use-idempotent-upload.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { prepareUploadFiles, uploadFileRules } from '../../../lib/file-checks.ts';
import { bodySchema, errorMessages, typedNumber } from '../../../lib/form-schema.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { enqueue } from '../../../lib/outbox/outbox.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { deliveryOutboxItem, recordDelivery } from '../api/record-delivery.ts';
import { StockItemPicker, type ChosenStockItem } from './stock-item-picker.tsx';

/** A delivery as typed: quantities stay text until sent. */
interface DeliveryValues {
  lines: Array<{
    itemId: string;
    received: string;
    rejected: string;
    reason: string;
    /** The stores item chosen by the keeper; none: the one of the ordered name and unit. */
    stockItem: ChosenStockItem | null;
  }>;
  waybillNumber: string;
  deliveredOn: string;
}

const QUANTITY_LABELS = { received: 'Received', rejected: 'Rejected' } as const;

/** Lines left blank are not part of the delivery; the rest go as the shared schema reads them. */
const deliverySchema = bodySchema(
  (values: DeliveryValues) => ({
    waybillNumber: values.waybillNumber,
    deliveredOn: values.deliveredOn,
    items: values.lines
      .filter((line) => line.received.trim() !== '' || line.rejected.trim() !== '')
      .map((line) => ({
        itemId: line.itemId,
        quantityReceived: typedNumber(line.received) ?? 0,
        quantityRejected: typedNumber(line.rejected) ?? 0,
        rejectionReason: line.reason,
        inventoryItemId: line.stockItem?.id ?? null,
      })),
  }),
  createDeliveryInput,
);

/**
 * Record Delivery: per open line of the order what was received and rejected (with why), the waybill
 * number, the date and photos of the delivery note (shrunk in the browser unless sent as they are).
 */
export function RecordDeliveryForm({ order, onDone }: { order: PurchaseOrderDto; onDone: () => void }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const open = order.items.filter((item) => item.quantityReceivable > 0);
  const form = useForm<DeliveryValues, unknown, CreateDeliveryValues>({
    resolver: zodResolver(deliverySchema),
    defaultValues: {
      lines: open.map((item) => ({
        itemId: item.itemId,
        received: '',
        rejected: '',
        reason: '',
        stockItem: null,
      })),
      waybillNumber: '',
      deliveredOn: todayInLagos(),
    },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [sendOriginal, setSendOriginal] = useState(false);
  const upload = useIdempotentUpload({
    send: recordDelivery,
    // Without a network on site, the delivery waits in the outbox and reaches the order once.
    offline: {
      queue: async (payload, key) => {
        await enqueue(deliveryOutboxItem(payload, order, user.id, key));
      },
      onQueued: () => {
        toast.success(OUTBOX_MESSAGES.queued);
        onDone();
      },
    },
    onSuccess: async () => {
      toast.success(DELIVERY_MESSAGES.recorded);
      onDone();
      await invalidateAll(queryClient, staleAfter.purchaseOrder());
    },
    onError: (error) => toast.error(errorMessage(error, DELIVERY_MESSAGES.recordFailed)),
  });
  const submit = form.handleSubmit(
    (values) =>
      void upload.submit(async () => ({
        ...values,
        orderId: order.id,
        files: await prepareUploadFiles(files, sendOriginal),
      })),
  );
  const problems = errorMessages(form.formState.errors);
  const { state, busy } = upload;

  return (
    <form onSubmit={submit} noValidate aria-label="Record Delivery" className="space-y-4">
      <ol className="space-y-3">
        {open.map((item, index) => (
          <li key={item.itemId} className="space-y-2 rounded-md border border-slate-200 p-3">
            <p className="text-sm font-medium wrap-anywhere text-slate-900">{item.name}</p>
            <p className="text-xs text-slate-600">
              Ordered {formatQuantity(item.quantity)} {item.unit} · received{' '}
              {formatQuantity(item.quantityReceived)} · up to {formatQuantity(item.quantityReceivable)} more
            </p>
            <div className="grid grid-cols-2 gap-2">
              {(['received', 'rejected'] as const).map((field) => (
                <Field key={field} id={`${formId}-${field}-${index}`} label={QUANTITY_LABELS[field]}>
                  <Input
                    id={`${formId}-${field}-${index}`}
                    {...form.register(`lines.${index}.${field}`)}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    step="1"
                    disabled={busy}
                  />
                </Field>
              ))}
            </div>
            <Controller
              control={form.control}
              name={`lines.${index}.stockItem`}
              render={({ field }) => (
                <StockItemPicker
                  name={item.name}
                  unit={item.unit}
                  receivedBefore={item.quantityReceived > 0}
                  chosen={field.value}
                  onChoose={field.onChange}
                  disabled={busy}
                />
              )}
            />
            <Field id={`${formId}-reason-${index}`} label="Reason for rejection">
              <Input
                id={`${formId}-reason-${index}`}
                {...form.register(`lines.${index}.reason`)}
                maxLength={500}
                placeholder="e.g. Torn bags"
                disabled={busy}
              />
            </Field>
          </li>
        ))}
      </ol>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${formId}-waybill`} label="Waybill / delivery note number">
          <Input
            id={`${formId}-waybill`}
            {...form.register('waybillNumber')}
            maxLength={100}
            disabled={busy}
          />
        </Field>
        <Field id={`${formId}-date`} label="Delivery date">
          <Input
            id={`${formId}-date`}
            type="date"
            max={todayInLagos()}
            {...form.register('deliveredOn')}
            disabled={busy}
          />
        </Field>
      </div>
      <div className="space-y-2">
        <FilePicker
          id={`${formId}-files`}
          label="Photos of the delivery note"
          hint={`Up to ${MAX_FILES_PER_UPLOAD} files.`}
          variant="button"
          files={files}
          onFilesChange={setFiles}
          rules={uploadFileRules({ shrinkPhotos: !sendOriginal })}
          disabled={busy}
        />
        <SendOriginalToggle
          id={`${formId}-original`}
          files={files}
          checked={sendOriginal}
          onCheckedChange={setSendOriginal}
          disabled={busy}
        />
      </div>
      <UploadFormFooter
        problemsTitle="Check the delivery"
        problems={problems}
        state={state}
        hasFiles={files.length > 0}
        onRetry={() => void upload.retry()}
        onCancel={() => {
          upload.reset();
          onDone();
        }}
        submitLabel="Save Delivery"
      />
    </form>
  );
}
