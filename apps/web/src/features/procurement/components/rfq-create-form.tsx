import { zodResolver } from '@hookform/resolvers/zod';
import { COST_CATEGORIES } from '@trowel/shared/costs/cost-categories.ts';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import { RFQ_MESSAGES, type CreateRfqValues } from '@trowel/shared/procurement/rfq.schemas.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useController, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions, SelectOptions } from '../../../components/ui/select-field.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { DEFAULT_FILE_RULES } from '../../../lib/file-checks.ts';
import { errorMessages } from '../../../lib/form-schema.ts';
import { useCreateRfq } from '../api/create-rfq.ts';
import { blankRfqItem, emptyRfqFormValues, rfqFormSchema, type RfqFormValues } from './rfq-form-values.ts';
import { RfqVendorChooser } from './rfq-vendor-chooser.tsx';

/** Title, description, project, items, vendors and files; the upload's progress is shown while it is sent. */
export function RfqCreateForm({
  projects,
  onClose,
}: {
  projects: readonly { id: string; title: string }[];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const form = useForm<RfqFormValues, unknown, CreateRfqValues>({
    resolver: zodResolver(rfqFormSchema),
    defaultValues: emptyRfqFormValues(),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const vendors = useController({ control: form.control, name: 'vendors' });
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const create = useCreateRfq(setProgress);

  const submit = form.handleSubmit(
    (rfq) => {
      setProgress(0);
      create.mutate(
        { ...rfq, attachments: files },
        {
          onSuccess: ({ rfq: created }) => {
            toast.success('RFQ created', { description: `RFQ #${created.number} awaits QS review.` });
            void navigate(`/procurement/rfqs/${created.id}`);
          },
          onError: (error) => toast.error(errorMessage(error, RFQ_MESSAGES.createFailed)),
        },
      );
    },
    (errors) =>
      toast.error(RFQ_MESSAGES.validationTitle, {
        description: errorMessages(errors)[0] ?? RFQ_MESSAGES.requiredFields,
      }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create RFQ</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-5" aria-label="Create RFQ">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="rfq-title" label="Title" required className="sm:col-span-2">
              {(control) => <Input {...control} {...form.register('title')} />}
            </FormField>
            <FormField id="rfq-description" label="Description" className="sm:col-span-2">
              {(control) => <Textarea {...control} {...form.register('description')} rows={3} />}
            </FormField>
            <FormField id="rfq-project" label="Project">
              {(control) => (
                <NativeSelect {...control} {...form.register('projectId')}>
                  <option value="">No project</option>
                  <NamedOptions
                    items={projects.map((project) => ({ id: project.id, name: project.title }))}
                  />
                </NativeSelect>
              )}
            </FormField>
            <FormField id="rfq-due-date" label="Quotes due by">
              {(control) => <Input {...control} {...form.register('dueDate')} type="date" />}
            </FormField>
            <SealedBidFields form={form} />
            <FormField id="rfq-cost-category" label="Cost category">
              {(control) => (
                <NativeSelect {...control} {...form.register('costCategory')}>
                  <SelectOptions values={COST_CATEGORIES} />
                </NativeSelect>
              )}
            </FormField>
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">Items *</legend>
            {items.fields.map((item, index) => (
              <div
                key={item.id}
                className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
              >
                <Input
                  aria-label={`Item ${index + 1} name`}
                  placeholder="Item name"
                  {...form.register(`items.${index}.name`)}
                />
                <Input
                  aria-label={`Item ${index + 1} quantity`}
                  placeholder="Quantity"
                  type="number"
                  min="0"
                  step="any"
                  {...form.register(`items.${index}.quantity`)}
                />
                <Input
                  aria-label={`Item ${index + 1} unit`}
                  placeholder="Unit"
                  {...form.register(`items.${index}.unit`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove item ${index + 1}`}
                  disabled={items.fields.length === 1}
                  onClick={() => items.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
                <Input
                  className="sm:col-span-4"
                  aria-label={`Item ${index + 1} description`}
                  placeholder="Description (optional)"
                  {...form.register(`items.${index}.description`)}
                />
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => items.append(blankRfqItem(), { shouldFocus: false })}
            >
              <Plus aria-hidden="true" />
              Add Item
            </Button>
          </fieldset>

          <RfqVendorChooser chosen={vendors.field.value} onChange={vendors.field.onChange} />

          <FilePicker
            id="rfq-attachments"
            label="Attach files"
            hint={`Up to ${MAX_FILES_PER_UPLOAD} files: drawings, specifications, bills of quantities.`}
            files={files}
            onFilesChange={setFiles}
            rules={DEFAULT_FILE_RULES}
            disabled={create.isPending}
          />
          {create.isPending ? <UploadProgress fraction={progress} /> : null}

          <FormActions
            cancel={{ onClick: onClose, disabled: create.isPending }}
            busy={create.isPending}
            busyLabel="Creating..."
          >
            Create RFQ
          </FormActions>
        </form>
      </CardContent>
    </Card>
  );
}

/** Sealed bids: vendors bid blind until the deadline, opened together by a QS and an administrator. */
function SealedBidFields({ form }: { form: UseFormReturn<RfqFormValues, unknown, CreateRfqValues> }) {
  const sealed = useWatch({ control: form.control, name: 'sealed' });
  return (
    <div className="space-y-2 sm:col-span-2">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-4" {...form.register('sealed')} />
        Sealed bids (vendors bid blind; nobody sees a price until the bids are opened)
      </label>
      {sealed ? (
        <FormField
          id="rfq-bid-deadline"
          label="Bid deadline"
          required
          hint="Lagos time. Bids after it are refused."
        >
          {(control) => <Input {...control} {...form.register('bidDeadline')} type="datetime-local" />}
        </FormField>
      ) : null}
    </div>
  );
}
