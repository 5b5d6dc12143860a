import { z } from 'zod';

/** A switch as a form sends it ('true', 'on', '1'; 'false', '0') or as JSON sends it (a boolean). */
export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');
