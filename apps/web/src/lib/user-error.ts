/** A failure found in the browser whose message is meant for people, e.g. a photo still too large after shrinking. */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}
