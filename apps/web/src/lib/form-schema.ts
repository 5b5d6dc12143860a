import type { FieldErrors, FieldValues } from 'react-hook-form';
import { z } from 'zod';

/**
 * A form's schema for `zodResolver`: the form's values (text as typed) become the body the call sends
 * (`toBody`: numbers parsed, totals added; a number not typed yet is undefined), which the call's shared
 * schema checks. An error carries the body's path, so a form names its fields as the body does and shows
 * each error beside its field.
 */
export function bodySchema<Values, Schema extends z.ZodType>(
  toBody: (values: Values) => unknown,
  schema: Schema,
) {
  return z
    .custom<Values>()
    .transform((values) => toBody(values))
    .pipe(schema as unknown as z.ZodType<z.output<Schema>, unknown>);
}

/** Digits grouped by thousands with commas, as amounts are written: 1,450,000,000.00. */
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * A number box's text as a number: empty is undefined (missing), digits grouped by thousands with
 * commas as written without them ('1,000' is 1000), anything else `Number(text)` (NaN if not one, so
 * '1,5' is refused rather than guessed).
 */
export function typedNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return Number(GROUPED.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed);
}

/** Every message of a form's errors, nested ones included, in the order of the fields, each once. */
export function errorMessages(errors: FieldErrors<FieldValues>): string[] {
  const messages = new Set<string>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message) messages.add(message);
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types') visit(child);
    }
  };
  visit(errors);
  return [...messages];
}

/** The message of an error on a body field the form computes rather than holds (a total). */
export function computedFieldError(errors: FieldErrors<FieldValues>, field: string): string | undefined {
  const error = (errors as Record<string, { message?: unknown } | undefined>)[field];
  return typeof error?.message === 'string' ? error.message : undefined;
}
