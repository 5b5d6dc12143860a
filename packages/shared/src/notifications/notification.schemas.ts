import { z } from 'zod';
import { pageQuery } from '../http/pagination.ts';
import { ok, okList } from '../http/envelope.ts';

export const NOTIFICATION_TYPES = [
  'project',
  'log',
  'budget',
  'task',
  'material',
  'testimonial',
  'rfq',
  'error',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What each type is called where people read it: the chip on a notification and its accessible name. */
export const NOTIFICATION_TYPE_LABELS = {
  project: 'Project',
  log: 'Daily Log',
  budget: 'Budget',
  task: 'Task',
  material: 'Materials',
  testimonial: 'Testimonial',
  rfq: 'RFQ',
  error: 'Alert',
  other: 'General',
} as const satisfies Record<NotificationType, string>;

export const notificationDto = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  projectId: z.string().nullable(),
  /** Roles and people it was addressed to, as sent. */
  recipientRoles: z.array(z.string()),
  recipientUsers: z.array(z.string()),
  read: z.boolean(),
  isRead: z.boolean(),
  createdAt: z.string(),
  timestamp: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const listNotificationsQuery = pageQuery(20).extend({
  unreadOnly: z.enum(['true', 'false']).optional(),
});

export const UNREAD_BADGE_CAP = 99;

/** The bell badge: the count, or '99+' above 99; empty at zero. */
export function unreadBadgeText(count: number): string {
  if (count <= 0) return '';
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

// Answers
export const notificationFeedAnswer = okList('notifications', notificationDto).extend({
  unreadCount: z.number().int(),
});
export const unreadCountAnswer = ok({ unreadCount: z.number().int() });
export const readAllAnswer = ok({ message: z.string(), updated: z.number().int() });

// What the web app reads from those answers.
export type NotificationFeedAnswer = z.output<typeof notificationFeedAnswer>;
export type UnreadCountAnswer = z.output<typeof unreadCountAnswer>;
export type ReadAllAnswer = z.output<typeof readAllAnswer>;
