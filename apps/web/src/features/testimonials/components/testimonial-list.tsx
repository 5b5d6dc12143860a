import { RATING_MAX, RATING_MIN } from '@trowel/shared/testimonials/testimonial.schemas.ts';
import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { InfiniteList, listTexts } from '../../../components/ui/infinite-list.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useTestimonials } from '../api/get-testimonials.ts';
import { StarsShown } from './star-rating.tsx';

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => String(RATING_MAX - index));

/** Testimonials newest first, with project, client, stars and date; `filterable` adds the rating filter. */
export function TestimonialList({ filterable, showAuthor }: { filterable: boolean; showAuthor: boolean }) {
  const [rating, setRating] = useState('');
  const list = useTestimonials(rating ? Number(rating) : null);
  return (
    <div className="space-y-4">
      {filterable ? (
        <SelectField
          id="testimonial-rating"
          label="Rating"
          className="max-w-48"
          value={rating}
          onChange={setRating}
        >
          <option value="">All ratings</option>
          {RATINGS.map((stars) => (
            <option key={stars} value={stars}>
              {stars} star{stars === '1' ? '' : 's'}
            </option>
          ))}
        </SelectField>
      ) : null}
      <InfiniteList
        list={list}
        label="Testimonials"
        className="grid gap-3"
        texts={listTexts('testimonial', 'testimonials', 'Failed to load testimonials')}
        empty={{
          title: rating ? 'No testimonials with this rating' : 'No testimonials yet',
          description: showAuthor
            ? 'Clients’ testimonials will appear here.'
            : 'Your testimonials will appear here.',
        }}
        renderItem={(testimonial, ref) => (
          <Card ref={ref} className="space-y-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="min-w-0 font-semibold wrap-anywhere text-slate-900">
                {testimonial.projectTitle}
              </h3>
              <StarsShown rating={testimonial.rating} />
            </div>
            <p className="text-sm whitespace-pre-line wrap-anywhere text-slate-700">{testimonial.text}</p>
            <p className="text-xs text-slate-500">
              {showAuthor ? `${testimonial.author} · ` : ''}
              {formatDate(testimonial.timestamp)}
            </p>
          </Card>
        )}
      />
    </div>
  );
}
