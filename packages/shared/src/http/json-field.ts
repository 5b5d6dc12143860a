import { z } from 'zod';

/** A JSON text field of a multipart form (`items`, `vendorIds`), parsed, then checked by `inner`. */
export function jsonField<T extends z.ZodType>(inner: T, missing: string) {
  return z
    .string({ error: missing })
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: missing });
        return z.NEVER;
      }
    })
    .pipe(inner);
}
