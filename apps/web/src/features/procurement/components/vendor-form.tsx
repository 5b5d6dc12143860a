import { zodResolver } from '@hookform/resolvers/zod';
import {
  VENDOR_CATEGORIES,
  VENDOR_MESSAGES,
  VENDOR_STATES,
  VENDOR_STATUSES,
  VENDOR_STATUS_LABELS,
} from '@trowel/shared/procurement/vendor.constants.ts';
import {
  createVendorInput,
  updateVendorInput,
  type CreateVendorInput,
  type VendorCreatedAnswer,
  type VendorDto,
} from '@trowel/shared/procurement/vendor.schemas.ts';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { SelectOptions } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/form-schema.ts';
import { useSaveVendor } from '../api/save-vendor.ts';

/** The form's fields as typed: a state or category not chosen is ''; the password is asked when adding only. */
type VendorFormValues = CreateVendorInput & { state: string; category: string };

function vendorValues(vendor: VendorDto | null): VendorFormValues {
  const values = {
    name: vendor?.name ?? '',
    contactPerson: vendor?.contactPerson ?? '',
    email: vendor?.email ?? '',
    phone: vendor?.phone ?? '',
    address: vendor?.address ?? '',
    state: vendor?.state ?? '',
    category: vendor?.category ?? '',
    description: vendor?.description ?? '',
    status: vendor?.status ?? 'active',
  };
  return vendor ? values : { ...values, password: '' };
}

// The values are sent as typed (the server normalises the phone and the email), checked by the call's schema.
const resolvers = {
  create: zodResolver(createVendorInput, undefined, { raw: true }) as Resolver<VendorFormValues>,
  edit: zodResolver(updateVendorInput, undefined, { raw: true }) as Resolver<VendorFormValues>,
};

/**
 * Add or edit a vendor with the spec's checks (the shared vendor schema; every problem joined with
 * commas, spec 3 §5); the password is asked only when adding. A new vendor whose link to set their
 * password could not be emailed is handed to `onLinkNotEmailed`.
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
  const form = useForm<VendorFormValues>({
    resolver: creating ? resolvers.create : resolvers.edit,
    defaultValues: vendorValues(vendor),
  });
  const save = useSaveVendor();

  const submit = form.handleSubmit(
    (values) => {
      const input = { ...values, state: values.state || null, category: values.category || null };
      save.mutate(creating ? { id: null, input } : { id: vendor.id, input }, {
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
    },
    (errors) =>
      toast.error(VENDOR_MESSAGES.validationTitle, { description: errorMessages(errors).join(', ') }),
  );

  type TextKey = 'name' | 'contactPerson' | 'email' | 'phone' | 'address';
  const text = (key: TextKey, label: string, props: { type?: string; required?: boolean } = {}) => (
    <FormField id={`vendor-${key}`} label={label} required={props.required}>
      {(control) => <Input {...control} {...form.register(key)} type={props.type ?? 'text'} />}
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
              <NativeSelect {...control} {...form.register('state')}>
                <option value="">Select state</option>
                <SelectOptions values={VENDOR_STATES} />
              </NativeSelect>
            )}
          </FormField>
          <FormField id="vendor-category" label="Category">
            {(control) => (
              <NativeSelect {...control} {...form.register('category')}>
                <option value="">Select category</option>
                <SelectOptions values={VENDOR_CATEGORIES} />
              </NativeSelect>
            )}
          </FormField>
          <FormField id="vendor-status" label="Status">
            {(control) => (
              <NativeSelect {...control} {...form.register('status')}>
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
                  {...form.register('password')}
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </FormField>
          ) : null}
          <FormField id="vendor-description" label="Description" className="sm:col-span-2">
            {(control) => <Textarea {...control} {...form.register('description')} rows={3} />}
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
