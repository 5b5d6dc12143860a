import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import { RFQ_MESSAGES } from '@trowel/shared/procurement/rfq.schemas.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions } from '../../../components/ui/select-field.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { LoadingState } from '../../../components/ui/states.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { useDebouncedSearch } from '../../../hooks/use-debounced-search.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { DEFAULT_FILE_RULES } from '../../../lib/file-checks.ts';
import { useCreateRfq } from '../api/create-rfq.ts';
import { useActiveVendors } from '../api/get-vendors.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface ItemRow {
  key: number;
  name: string;
  description: string;
  quantity: string;
  unit: string;
}

let nextKey = 1;
const blankItem = (): ItemRow => ({ key: nextKey++, name: '', description: '', quantity: '', unit: '' });

/** Whether the RFQ may be sent: a title, items with name, quantity above 0 and unit, and a vendor. */
export function rfqFormComplete(title: string, items: readonly ItemRow[], vendorIds: readonly string[]) {
  return (
    title.trim() !== '' &&
    items.length > 0 &&
    vendorIds.length > 0 &&
    items.every((item) => item.name.trim() && Number(item.quantity) > 0 && item.unit.trim())
  );
}

/** Title, description, project, items, vendors and files; the upload's progress is shown while it is sent. */
export function RfqCreateForm({
  projects,
  onClose,
}: {
  projects: readonly { id: string; title: string }[];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [projectId, setProjectId] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [items, setItems] = useState<ItemRow[]>(() => [blankItem()]);
  const [chosen, setChosen] = useState<Array<{ id: string; name: string }>>([]);
  const vendorIds = chosen.map((vendor) => vendor.id);
  const vendorSearch = useDebouncedSearch();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const vendors = useActiveVendors(vendorSearch.term);
  const create = useCreateRfq(setProgress);

  const setItem = (key: number, field: keyof Omit<ItemRow, 'key'>, value: string) =>
    setItems((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const toggleVendor = (vendor: { id: string; name: string }) =>
    setChosen((list) =>
      list.some((one) => one.id === vendor.id)
        ? list.filter((one) => one.id !== vendor.id)
        : [...list, vendor],
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!rfqFormComplete(title, items, vendorIds)) {
      toast.error(RFQ_MESSAGES.validationTitle, { description: RFQ_MESSAGES.requiredFields });
      return;
    }
    setProgress(0);
    create.mutate(
      {
        title: title.trim(),
        description: description.trim(),
        projectId: projectId || null,
        dueDate,
        items: items.map((item) => ({
          name: item.name.trim(),
          description: item.description.trim(),
          quantity: Number(item.quantity),
          unit: item.unit.trim(),
        })),
        vendorIds,
        attachments: files,
      },
      {
        onSuccess: ({ rfq }) => {
          toast.success('RFQ created', { description: `RFQ #${rfq.number} awaits QS review.` });
          void navigate(`/procurement/rfqs/${rfq.id}`);
        },
        onError: (error) => toast.error(errorMessage(error, RFQ_MESSAGES.createFailed)),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create RFQ</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-5" aria-label="Create RFQ">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="rfq-title" label="Title" required className="sm:col-span-2">
              {(control) => <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} />}
            </FormField>
            <FormField id="rfq-description" label="Description" className="sm:col-span-2">
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                />
              )}
            </FormField>
            <FormField id="rfq-project" label="Project">
              {(control) => (
                <NativeSelect {...control} value={projectId} onChange={(e) => setProjectId(e.target.value)}>
                  <option value="">No project</option>
                  <NamedOptions
                    items={projects.map((project) => ({ id: project.id, name: project.title }))}
                  />
                </NativeSelect>
              )}
            </FormField>
            <FormField id="rfq-due-date" label="Quotes due by">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={dueDate}
                  onChange={(e) => setDueDate(e.target.value)}
                />
              )}
            </FormField>
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">Items *</legend>
            {items.map((item, index) => (
              <div
                key={item.key}
                className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
              >
                <Input
                  aria-label={`Item ${index + 1} name`}
                  placeholder="Item name"
                  value={item.name}
                  onChange={(e) => setItem(item.key, 'name', e.target.value)}
                />
                <Input
                  aria-label={`Item ${index + 1} quantity`}
                  placeholder="Quantity"
                  type="number"
                  min="0"
                  step="any"
                  value={item.quantity}
                  onChange={(e) => setItem(item.key, 'quantity', e.target.value)}
                />
                <Input
                  aria-label={`Item ${index + 1} unit`}
                  placeholder="Unit"
                  value={item.unit}
                  onChange={(e) => setItem(item.key, 'unit', e.target.value)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove item ${index + 1}`}
                  disabled={items.length === 1}
                  onClick={() => setItems((rows) => rows.filter((row) => row.key !== item.key))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
                <Input
                  className="sm:col-span-4"
                  aria-label={`Item ${index + 1} description`}
                  placeholder="Description (optional)"
                  value={item.description}
                  onChange={(e) => setItem(item.key, 'description', e.target.value)}
                />
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setItems((rows) => [...rows, blankItem()])}
            >
              <Plus aria-hidden="true" />
              Add Item
            </Button>
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">Vendors *</legend>
            <SearchInput
              id="rfq-vendor-search"
              value={vendorSearch.input}
              onChange={vendorSearch.setInput}
              placeholder="Search vendors..."
            />
            {chosen.length > 0 ? (
              <p className="text-sm text-slate-700">
                {chosen.length} chosen: {chosen.map((vendor) => vendor.name).join(', ')}
              </p>
            ) : null}
            {vendors.isPending ? <LoadingState label="Loading vendors..." className="py-4" /> : null}
            {vendors.isError ? (
              <p role="alert" className="text-sm text-red-700">
                Failed to load vendors.{' '}
                <button type="button" className="underline" onClick={() => void vendors.refetch()}>
                  Retry
                </button>
              </p>
            ) : null}
            {vendors.data?.length === 0 ? (
              <p className="text-sm text-slate-600">No active vendors yet.</p>
            ) : null}
            <div className="grid gap-2 sm:grid-cols-2">
              {vendors.data?.map((vendor) => (
                <label
                  key={vendor.id}
                  className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm"
                >
                  <input
                    type="checkbox"
                    checked={vendorIds.includes(vendor.id)}
                    onChange={() => toggleVendor(vendor)}
                  />
                  <span className="min-w-0 wrap-anywhere">
                    {vendor.name}
                    <span className="block text-xs text-slate-500">{vendor.category ?? vendor.email}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

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
