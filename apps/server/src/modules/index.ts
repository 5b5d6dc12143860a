/**
 * The module list: every module's manifest, one line each (a new module is one line here);
 * `modules.ts` assembles the server from it.
 */
export { activityModule } from './activity/activity.module.ts';
export { attachmentsModule } from './attachments/attachments.module.ts';
export { authModule } from './auth/auth.module.ts';
export { budgetsModule } from './budgets/budgets.module.ts';
export { changeOrdersModule } from './change-orders/change-orders.module.ts';
export { costsModule } from './costs/costs.module.ts';
export { dailyLogsModule } from './daily-logs/daily-logs.module.ts';
export { financialsModule } from './financials/financials.module.ts';
export { inventoryModule } from './inventory/inventory.module.ts';
export { materialRequestsModule } from './material-requests/material-requests.module.ts';
export { mediaModule } from './media/media.module.ts';
export { notificationsModule } from './notifications/notifications.module.ts';
export { processingModule } from './processing/processing.module.ts';
export { procurementModule } from './procurement/procurement.module.ts';
export { projectsModule } from './projects/projects.module.ts';
export { pushModule } from './push/push.module.ts';
export { reportsModule } from './reports/reports.module.ts';
export { systemModule } from './system/system.module.ts';
export { testimonialsModule } from './testimonials/testimonials.module.ts';
export { uploadsModule } from './uploads/uploads.module.ts';
export { usersModule } from './users/users.module.ts';
export { whatsappModule } from './whatsapp/whatsapp.module.ts';
