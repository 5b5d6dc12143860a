import {
  TESTIMONIAL_INCOMPLETE_MESSAGE,
  TESTIMONIAL_TEXT_MAX,
} from '@trowel/shared/testimonials/testimonial.schemas.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateTestimonial } from '../api/create-testimonial.ts';
import { useReviewableProjects } from '../api/get-reviewable-projects.ts';
import { StarRatingInput } from './star-rating.tsx';

/** A client's testimonial: one of their completed projects not reviewed yet, 1–5 stars and their words. */
export function TestimonialForm({ initialProjectId }: { initialProjectId: string }) {
  const projects = useReviewableProjects(true);
  const create = useCreateTestimonial();
  const [projectId, setProjectId] = useState(initialProjectId);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  // Set by a refused submit; the message and the marks then follow the fields as they are filled in.
  const [tried, setTried] = useState(false);

  if (projects.isPending) return <LoadingState label="Loading your projects..." />;
  if (projects.isError) return <QueryErrorState title="Failed to load your projects" query={projects} />;
  if (projects.data.length === 0)
    return (
      <EmptyState
        title="No projects to review"
        description="You can leave a testimonial once a project of yours is completed, one per project."
      />
    );
  const chosen = projects.data.some((project) => project.id === projectId) ? projectId : '';
  const missing = { project: !chosen, rating: rating < 1, text: !text.trim() };
  const incomplete = tried && (missing.project || missing.rating || missing.text);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (missing.project || missing.rating || missing.text) {
      setTried(true);
      toast.error('Missing Information', { description: TESTIMONIAL_INCOMPLETE_MESSAGE });
      return;
    }
    create.mutate(
      { projectId: chosen, rating, text: text.trim() },
      {
        onSuccess: () => {
          toast.success('Thank you for your testimonial!');
          setProjectId('');
          setRating(0);
          setText('');
          setTried(false);
        },
        onError: (error) =>
          toast.error('Submission Failed', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <SelectField id="testimonial-project" label="Project" value={chosen} onChange={setProjectId}>
        <option value="">Select a completed project</option>
        <NamedOptions items={projects.data.map((project) => ({ id: project.id, name: project.title }))} />
      </SelectField>
      <StarRatingInput value={rating} onChange={setRating} invalid={tried && missing.rating} />
      <Field id="testimonial-text" label="Your Feedback">
        <Textarea
          id="testimonial-text"
          value={text}
          maxLength={TESTIMONIAL_TEXT_MAX}
          aria-invalid={(tried && missing.text) || undefined}
          placeholder="How was working with us on this project?"
          onChange={(event) => setText(event.target.value)}
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
