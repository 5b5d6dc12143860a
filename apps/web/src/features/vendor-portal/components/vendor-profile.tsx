import { zodResolver } from '@hookform/resolvers/zod';
import { VENDOR_MESSAGES, VENDOR_STATUS_LABELS } from '@trowel/shared/procurement/vendor.constants.ts';
import {
  updateVendorInput,
  type UpdateVendorInput,
  type VendorDto,
} from '@trowel/shared/procurement/vendor.schemas.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/form-schema.ts';
import { useUpdateMyProfile } from '../api/my-profile.ts';

const editable = (vendor: VendorDto) => ({
  contactPerson: vendor.contactPerson,
  phone: vendor.phone,
  address: vendor.address,
  description: vendor.description,
});

/** The vendor's own record; they edit the contact person, phone, address and description. */
export function VendorProfile({ vendor }: { vendor: VendorDto }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateMyProfile(vendor.id);
  // Sent as typed: the server normalises the phone, as the staff's vendor form leaves it to.
  const form = useForm<UpdateVendorInput>({
    resolver: zodResolver(updateVendorInput, undefined, { raw: true }),
    defaultValues: editable(vendor),
  });

  const save = form.handleSubmit(
    (input) =>
      update.mutate(input, {
        onSuccess: () => {
          toast.success('Profile updated');
          setEditing(false);
        },
        onError: (error) =>
          toast.error(VENDOR_MESSAGES.updateFailed, { description: errorMessage(error, '') }),
      }),
    (errors) =>
      toast.error(VENDOR_MESSAGES.validationTitle, { description: errorMessages(errors).join(', ') }),
  );
  const startEditing = () => {
    form.reset(editable(vendor));
    setEditing(true);
  };

  const rows: Array<[string, string]> = [
    ['Company Name', vendor.name],
    ['Email', vendor.email],
    ['Category', vendor.category ?? '—'],
    ['State', vendor.state ?? '—'],
    ['Status', VENDOR_STATUS_LABELS[vendor.status]],
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>{vendor.name}</CardTitle>
        {!editing ? (
          <Button variant="outline" onClick={startEditing}>
            Edit Profile
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
        {editing ? (
          <form noValidate onSubmit={save} className="grid gap-4 sm:grid-cols-2" aria-label="Edit profile">
            <FormField id="profile-contact" label="Contact Person" required>
              {(control) => <Input {...control} {...form.register('contactPerson')} />}
            </FormField>
            <FormField id="profile-phone" label="Phone Number" required>
              {(control) => <Input {...control} {...form.register('phone')} type="tel" />}
            </FormField>
            <FormField id="profile-address" label="Address" className="sm:col-span-2">
              {(control) => <Input {...control} {...form.register('address')} />}
            </FormField>
            <FormField id="profile-description" label="Description" className="sm:col-span-2">
              {(control) => <Textarea {...control} {...form.register('description')} rows={3} />}
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="outline"
                onClick={() => setEditing(false)}
                disabled={update.isPending}
              >
                Cancel
              </Button>
              <BusyButton type="submit" busy={update.isPending} busyLabel="Saving...">
                Save Changes
              </BusyButton>
            </div>
          </form>
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">Contact Person</dt>
              <dd>{vendor.contactPerson}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Phone Number</dt>
              <dd>{vendor.phone}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-xs text-slate-500">Address</dt>
              <dd className="wrap-anywhere">{vendor.address || '—'}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-xs text-slate-500">Description</dt>
              <dd className="whitespace-pre-line wrap-anywhere">{vendor.description || '—'}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
