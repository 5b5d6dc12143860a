import { RATING_MAX, RATING_MIN } from '@trowel/shared/testimonials/testimonial.schemas.ts';
import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);
const starLabel = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`;

/** Stars shown for a rating (read only). */
export function StarsShown({ rating }: { rating: number }) {
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={`Rated ${starLabel(rating)} of ${RATING_MAX}`}
    >
      {STARS.map((stars) => (
        <Star
          key={stars}
          aria-hidden="true"
          className={cn('size-4', stars <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
        />
      ))}
    </span>
  );
}

/**
 * A 1–5 star choice made of radio buttons: arrow keys move between the stars, as with any radio
 * group, and each star is named for screen readers.
 */
export function StarRatingInput(props: {
  value: number;
  onChange: (rating: number) => void;
  invalid?: boolean;
}) {
  const { value, onChange, invalid } = props;
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">Rating</legend>
      <div className="flex gap-1" aria-invalid={invalid || undefined}>
        {STARS.map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-md p-1 has-focus-visible:ring-2 has-focus-visible:ring-blue-600"
          >
            <input
              type="radio"
              name="rating"
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
              aria-label={starLabel(stars)}
            />
            <Star
              aria-hidden="true"
              className={cn('size-8', stars <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
