import {
  VENDOR_CATEGORIES,
  VENDOR_MESSAGES,
  VENDOR_STATES,
  VENDOR_STATUSES,
  VENDOR_STATUS_LABELS,
  type VendorStatus,
} from '@trowel/shared/procurement/vendor.constants.ts';
import {
  createVendorInput,
  updateVendorInput,
  type VendorCreatedAnswer,
  type VendorDto,
} from '@trowel/shared/procurement/vendor.schemas.ts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { SelectOptions } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveVendor } from '../api/save-vendor.ts';

type Values = {
  name: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  state: string;
  category: string;
  description: string;
  status: VendorStatus;
  password: string;
};

const blank: Values = {
  name: '',
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  state: '',
  category: '',
  description: '',
  status: 'active',
  password: '',
};

/** Every problem of the form, joined with commas (spec 3 §5), or null when it may be sent. */
export function vendorFormProblems(values: Values, creating: boolean): string | null {
  const { password, ...rest } = values;
  const parsed = creating
    ? createVendorInput.safeParse({ ...rest, password })
    : updateVendorInput.safeParse(rest);
  if (parsed.success) return null;
  return [...new Set(parsed.error.issues.map((issue) => issue.message))].join(', ');
}

/**
 * Add or edit a vendor with the spec's checks; the password is asked only when adding. A new vendor
 * whose link to set their password could not be emailed is handed to `onLinkNotEmailed`.
 */
export function VendorForm({
  vendor,
  onDone,
  onLinkNotEmailed,
}: {
  vendor: VendorDto | null;
  onDone: () => void;
  onLinkNotEmailed?: (answer: VendorCreatedAnswer) => void;
}) {
  const creating = vendor === null;
  const [values, setValues] = useState<Values>(
    vendor
      ? {
          ...blank,
          name: vendor.name,
          contactPerson: vendor.contactPerson,
          email: vendor.email,
          phone: vendor.phone,
          address: vendor.address,
          state: vendor.state ?? '',
          category: vendor.category ?? '',
          description: vendor.description,
          status: vendor.status,
        }
      : blank,
  );
  const save = useSaveVendor();
  const set = (key: keyof Values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = vendorFormProblems(values, creating);
    if (problems) {
      toast.error(VENDOR_MESSAGES.validationTitle, { description: problems });
      return;
    }
    const { password, ...fields } = values;
    const input = { ...fields, state: fields.state || null, category: fields.category || null };
    save.mutate(creating ? { id: null, input: { ...input, password } } : { id: vendor.id, input }, {
      onSuccess: (saved) => {
        if (!saved.created) toast.success('Vendor updated');
        else if (saved.answer.passwordLink) {
          toast.warning('Vendor added', { description: 'The link to set their password was not emailed.' });
          onLinkNotEmailed?.(saved.answer);
        } else toast.success('Vendor added', { description: saved.answer.message });
        onDone();
      },
      onError: (error) => toast.error(errorMessage(error, VENDOR_MESSAGES.saveFailed)),
    });
  }

  const text = (key: keyof Values, label: string, props: { type?: string; required?: boolean } = {}) => (
    <FormField id={`vendor-${key}`} label={label} required={props.required}>
      {(control) => (
        <Input
          {...control}
          type={props.type ?? 'text'}
          value={values[key]}
          onChange={(event) => set(key)(event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{creating ? 'Add Vendor' : `Edit ${vendor.name}`}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Vendor form">
          {text('name', 'Company Name', { required: true })}
          {text('contactPerson', 'Contact Person', { required: true })}
          {text('email', 'Email', { type: 'email', required: true })}
          {text('phone', 'Phone Number', { type: 'tel', required: true })}
          {text('address', 'Address')}
          <FormField id="vendor-state" label="State">
            {(control) => (
              <NativeSelect {...control} value={values.state} onChange={(e) => set('state')(e.target.value)}>
                <option value="">Select state</option>
                <SelectOptions values={VENDOR_STATES} />
              </NativeSelect>
            )}
          </FormField>
          <FormField id="vendor-category" label="Category">
            {(control) => (
              <NativeSelect
                {...control}
                value={values.category}
                onChange={(e) => set('category')(e.target.value)}
              >
                <option value="">Select category</option>
                <SelectOptions values={VENDOR_CATEGORIES} />
              </NativeSelect>
            )}
          </FormField>
          <FormField id="vendor-status" label="Status">
            {(control) => (
              <NativeSelect
                {...control}
                value={values.status}
                onChange={(e) => set('status')(e.target.value)}
              >
                <SelectOptions values={VENDOR_STATUSES} label={(status) => VENDOR_STATUS_LABELS[status]} />
              </NativeSelect>
            )}
          </FormField>
          {creating ? (
            <FormField
              id="vendor-password"
              label="Password"
              hint="Leave empty to give the vendor a link to set their own (emailed when email is set up)."
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="new-password"
                  value={values.password}
                  onChange={(event) => set('password')(event.target.value)}
                />
              )}
            </FormField>
          ) : null}
          <FormField id="vendor-description" label="Description" className="sm:col-span-2">
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                value={values.description}
                onChange={(event) => set('description')(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">
              {creating ? 'Add Vendor' : 'Save Changes'}
            </BusyButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
