import { formatNaira } from '../money/format.ts';
import type { ChangeOrderStatus } from './change-order.machine.ts';

/** What a notice says of a change order: its reference, project, total and description. */
export interface ChangeOrderAbout {
  /** CO-001 */
  number: string;
  projectTitle: string;
  /** Its total in naira. */
  total: number;
  description: string;
  signedName: string | null;
  declineReason: string | null;
  /** Whether the client had been sent it (a withdrawal is news to them then). */
  wasSent: boolean;
}

/** Who is told when a change order reaches a status, and what: null when nobody is. */
export type ChangeOrderNotice = { told: 'client' | 'staff'; title: string; message: string } | null;

/**
 * The notice of a step: the client when it is sent to them (or withdrawn after), the staff when the
 * client answers. Written once, read by the server's workflow step and this file's test.
 */
export function changeOrderNotice(status: ChangeOrderStatus, about: ChangeOrderAbout): ChangeOrderNotice {
  const reference = `${about.number} on ${about.projectTitle}`;
  const amount = formatNaira(about.total);
  switch (status) {
    case 'sent_to_client':
      return {
        told: 'client',
        title: 'Change order for your approval',
        message: `${reference} (${amount}) awaits your approval: ${about.description}`,
      };
    case 'approved':
      return {
        told: 'staff',
        title: 'Change order approved',
        message: `${reference} (${amount}) was approved by ${about.signedName ?? 'the client'}`,
      };
    case 'declined':
      return {
        told: 'staff',
        title: 'Change order declined',
        message: `${reference} (${amount}) was declined: ${about.declineReason ?? ''}`,
      };
    case 'withdrawn':
      return about.wasSent
        ? {
            told: 'client',
            title: 'Change order withdrawn',
            message: `${reference} was withdrawn; nothing is needed from you`,
          }
        : null;
    case 'draft':
      return null;
    default: {
      const never: never = status;
      throw new Error(`Unknown change order status ${String(never)}`);
    }
  }
}

/** "End date 14 days later", "No change to the end date", "End date 1 day earlier". */
export function scheduleImpactText(days: number): string {
  if (days === 0) return 'No change to the end date';
  const count = Math.abs(days);
  const unit = count === 1 ? 'day' : 'days';
  return days > 0 ? `End date ${count} ${unit} later` : `End date ${count} ${unit} earlier`;
}
