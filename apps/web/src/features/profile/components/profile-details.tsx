import { zodResolver } from '@hookform/resolvers/zod';
import { profileFields, type UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const profileSchema = z.object(profileFields);
type ProfileFormValues = z.input<typeof profileSchema>;
type ProfileInput = z.output<typeof profileSchema>;

function profileValues(user: UserDto): ProfileFormValues {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    location: user.location ?? '',
    company: user.company ?? '',
    bio: user.bio ?? '',
  };
}

const FIELDS = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['location', 'Location'],
  ['company', 'Company'],
] as const;

/** The user's own details, read-only until Edit is pressed; Cancel puts the saved values back. */
export function ProfileDetails({ user }: { user: UserDto }) {
  const [editing, setEditing] = useState(false);
  const updateProfile = useUpdateProfile(user.id);
  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: profileValues(user),
  });
  const { errors, isSubmitting } = form.formState;

  const cancel = () => {
    form.reset(profileValues(user));
    setEditing(false);
  };

  const save = form.handleSubmit(async (values) => {
    try {
      const updated = await updateProfile.mutateAsync(values);
      form.reset(profileValues(updated));
      setEditing(false);
      toast.success('Profile Updated', { description: 'Your profile has been updated successfully.' });
    } catch (error) {
      toast.error('Error updating profile', { description: errorMessage(error, 'Please try again.') });
    }
  });

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>Personal Information</CardTitle>
          <CardDescription>Your name and contact details as your team sees them.</CardDescription>
        </div>
        {!editing ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {editing ? (
          <form onSubmit={save} noValidate className="space-y-4">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {FIELDS.map(([field, label]) => (
                <FormField
                  key={field}
                  id={`profile-${field}`}
                  label={label}
                  required={field === 'name' || field === 'email'}
                  error={errors[field]?.message}
                >
                  {(control) => (
                    <Input
                      {...control}
                      {...form.register(field)}
                      type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                    />
                  )}
                </FormField>
              ))}
              <FormField id="profile-bio" label="Bio" error={errors.bio?.message} className="sm:col-span-2">
                {(control) => <Textarea {...control} {...form.register('bio')} rows={4} />}
              </FormField>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={cancel} disabled={isSubmitting}>
                Cancel
              </Button>
              <BusyButton type="submit" busy={isSubmitting} busyLabel="Saving...">
                Save
              </BusyButton>
            </div>
          </form>
        ) : (
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {[...FIELDS, ['bio', 'Bio'] as const].map(([field, label]) => (
              <div key={field} className={field === 'bio' ? 'sm:col-span-2' : undefined}>
                <dt className="text-sm font-medium text-slate-500">{label}</dt>
                <dd className="mt-0.5 text-sm wrap-anywhere whitespace-pre-line text-slate-900">
                  {user[field] || <span className="text-slate-500">Not provided</span>}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
