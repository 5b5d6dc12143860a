import type { Pagination } from '@trowel/shared/http/pagination.ts';
import type { NotificationDto } from '@trowel/shared/notifications/notification.schemas.ts';

export interface NotificationListResponse {
  success: true;
  notifications: NotificationDto[];
  pagination: Pagination;
  unreadCount: number;
}
