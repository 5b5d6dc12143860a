import { VENDOR_MESSAGES } from '@trowel/shared/procurement/vendor.constants.ts';
import { updateVendorInput, type VendorDto } from '@trowel/shared/procurement/vendor.schemas.ts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateMyProfile } from '../api/my-profile.ts';

type Editable = Pick<VendorDto, 'contactPerson' | 'phone' | 'address' | 'description'>;

/** The vendor's own record; they edit the contact person, phone, address and description. */
export function VendorProfile({ vendor }: { vendor: VendorDto }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Editable>(vendor);
  const update = useUpdateMyProfile(vendor.id);
  const set = (key: keyof Editable) => (value: string) => setValues((old) => ({ ...old, [key]: value }));

  function save(event: FormEvent) {
    event.preventDefault();
    const input = {
      contactPerson: values.contactPerson,
      phone: values.phone,
      address: values.address,
      description: values.description,
    };
    const parsed = updateVendorInput.safeParse(input);
    if (!parsed.success) {
      toast.error(VENDOR_MESSAGES.validationTitle, {
        description: [...new Set(parsed.error.issues.map((issue) => issue.message))].join(', '),
      });
      return;
    }
    update.mutate(input, {
      onSuccess: () => {
        toast.success('Profile updated');
        setEditing(false);
      },
      onError: (error) => toast.error(VENDOR_MESSAGES.updateFailed, { description: errorMessage(error, '') }),
    });
  }

  const rows: Array<[string, string]> = [
    ['Company Name', vendor.name],
    ['Email', vendor.email],
    ['Category', vendor.category ?? '—'],
    ['State', vendor.state ?? '—'],
    ['Status', vendor.status],
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>{vendor.name}</CardTitle>
        {!editing ? (
          <Button variant="outline" onClick={() => setEditing(true)}>
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
              {(control) => (
                <Input
                  {...control}
                  value={values.contactPerson}
                  onChange={(e) => set('contactPerson')(e.target.value)}
                />
              )}
            </FormField>
            <FormField id="profile-phone" label="Phone Number" required>
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  value={values.phone}
                  onChange={(e) => set('phone')(e.target.value)}
                />
              )}
            </FormField>
            <FormField id="profile-address" label="Address" className="sm:col-span-2">
              {(control) => (
                <Input {...control} value={values.address} onChange={(e) => set('address')(e.target.value)} />
              )}
            </FormField>
            <FormField id="profile-description" label="Description" className="sm:col-span-2">
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  value={values.description}
                  onChange={(e) => set('description')(e.target.value)}
                />
              )}
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
