const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text has the form of a row's id (a uuid): any other matches no row, and must not reach a uuid column. */
export const isUuid = (value: string) => UUID.test(value);
