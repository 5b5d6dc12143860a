/**
 * The database schema, one file per domain under schema/. This index gathers them for the database
 * client and drizzle-kit; code imports tables from their domain's file.
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
