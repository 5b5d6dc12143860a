/**
 * The platform's and the older modules' tables, one file per domain under schema/, gathered for the
 * code that imports them from here. A newer module declares its tables in its own folder
 * (`modules/<name>/<name>.tables.ts`), which drizzle-kit reads too: it needs no line here.
 */
export * from './schema/people.ts';
export * from './schema/system.ts';
export * from './schema/projects.ts';
export * from './schema/budgets.ts';
export * from './schema/change-orders.ts';
export * from './schema/daily-logs.ts';
export * from './schema/procurement.ts';
export * from './schema/files.ts';
export * from './schema/notifications.ts';
export * from './schema/workflow.ts';
export * from './schema/settings.ts';
export * from './schema/preferences.ts';
export * from './schema/testimonials.ts';
export * from './schema/stores.ts';
export * from './schema/negotiations.ts';
export * from './schema/invoices.ts';
export * from './schema/whatsapp.ts';
