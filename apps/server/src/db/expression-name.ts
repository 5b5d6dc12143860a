import { sql, type SQL } from 'drizzle-orm';

/**
 * The name of a common table expression, checked before it is written into a statement as is (for
 * statements built of parts that refer to each other by name).
 */
export function expressionName(name: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid expression name: ${name}`);
  return sql.raw(name);
}
