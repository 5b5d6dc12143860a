/**
 * What the server's code writes its logs through: fields first, then a message (pino's order). The
 * server's logger is one, so are `request.log` and a test's silent stand-in; code outside the HTTP
 * layer names this type rather than Fastify's.
 */
export interface Logger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}
