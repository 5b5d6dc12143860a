import { zodResolver } from '@hookform/resolvers/zod';
import {
  createTestimonialInput,
  TESTIMONIAL_INCOMPLETE_MESSAGE,
  TESTIMONIAL_TEXT_MAX,
} from '@trowel/shared/testimonials/testimonial.schemas.ts';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { bodySchema } from '../../../lib/form-schema.ts';
import { useCreateTestimonial } from '../api/create-testimonial.ts';
import { useReviewableProjects } from '../api/get-reviewable-projects.ts';
import { StarRatingInput } from './star-rating.tsx';

interface TestimonialValues {
  projectId: string;
  rating: number;
  text: string;
}

const EMPTY: TestimonialValues = { projectId: '', rating: 0, text: '' };

/** The testimonial checked as POST /testimonials checks it; a project not offered counts as none chosen. */
const testimonialSchema = (offered: readonly { id: string }[]) =>
  bodySchema(
    (values: TestimonialValues) => ({
      ...values,
      projectId: offered.some((project) => project.id === values.projectId) ? values.projectId : '',
    }),
    createTestimonialInput,
  );

/** A client's testimonial: one of their completed projects not reviewed yet, 1–5 stars and their words. */
export function TestimonialForm({ initialProjectId }: { initialProjectId: string }) {
  const projects = useReviewableProjects(true);
  const create = useCreateTestimonial();
  // Once refused, the message and the marks follow the fields as they are filled in.
  const form = useForm({
    resolver: zodResolver(testimonialSchema(projects.data ?? [])),
    defaultValues: { ...EMPTY, projectId: initialProjectId },
  });
  const project = useController({ control: form.control, name: 'projectId' }).field;
  const rating = useController({ control: form.control, name: 'rating' }).field;
  const { errors } = form.formState;

  if (projects.isPending) return <LoadingState label="Loading your projects..." />;
  if (projects.isError) return <QueryErrorState title="Failed to load your projects" query={projects} />;
  if (projects.data.length === 0)
    return (
      <EmptyState
        title="No projects to review"
        description="You can leave a testimonial once a project of yours is completed, one per project."
      />
    );
  const chosen = projects.data.some((offered) => offered.id === project.value) ? project.value : '';
  const incomplete = Boolean(errors.projectId || errors.rating || errors.text);

  const submit = form.handleSubmit(
    (testimonial) =>
      create.mutate(testimonial, {
        onSuccess: () => {
          toast.success('Thank you for your testimonial!');
          form.reset(EMPTY);
        },
        onError: (error) =>
          toast.error('Submission Failed', { description: errorMessage(error, 'Please try again.') }),
      }),
    () => toast.error('Missing Information', { description: TESTIMONIAL_INCOMPLETE_MESSAGE }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <SelectField id="testimonial-project" label="Project" value={chosen} onChange={project.onChange}>
        <option value="">Select a completed project</option>
        <NamedOptions items={projects.data.map((offered) => ({ id: offered.id, name: offered.title }))} />
      </SelectField>
      <StarRatingInput value={rating.value} onChange={rating.onChange} invalid={Boolean(errors.rating)} />
      <Field id="testimonial-text" label="Your Feedback">
        <Textarea
          id="testimonial-text"
          {...form.register('text')}
          maxLength={TESTIMONIAL_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          placeholder="How was working with us on this project?"
        />
      </Field>
      {incomplete ? (
        <p role="alert" className="text-sm text-red-700">
          {TESTIMONIAL_INCOMPLETE_MESSAGE}
        </p>
      ) : null}
      <div className="flex justify-end">
        <BusyButton type="submit" busy={create.isPending} busyLabel="Submitting...">
          Submit Testimonial
        </BusyButton>
      </div>
    </form>
  );
}
