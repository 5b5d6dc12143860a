import { describe, expect, it } from 'vitest';
import { changeOrderNotice, scheduleImpactText } from './change-order.notices.ts';

const about = {
  number: 'CO-003',
  projectTitle: 'Lekki Duplex',
  total: 102_006,
  description: 'Extra boys quarters',
  signedName: 'Chief Okafor',
  declineReason: 'Too dear',
  wasSent: true,
};

describe('who is told of a change order, and what', () => {
  it('tells the client it awaits them, the staff how they answered', () => {
    expect(changeOrderNotice('sent_to_client', about)).toEqual({
      told: 'client',
      title: 'Change order for your approval',
      message: 'CO-003 on Lekki Duplex (₦102,006.00) awaits your approval: Extra boys quarters',
    });
    expect(changeOrderNotice('approved', about)?.message).toBe(
      'CO-003 on Lekki Duplex (₦102,006.00) was approved by Chief Okafor',
    );
    expect(changeOrderNotice('declined', about)).toMatchObject({
      told: 'staff',
      title: 'Change order declined',
    });
  });

  it('tells the client of a withdrawal only when they had been sent it', () => {
    expect(changeOrderNotice('withdrawn', about)?.told).toBe('client');
    expect(changeOrderNotice('withdrawn', { ...about, wasSent: false })).toBeNull();
    expect(changeOrderNotice('draft', about)).toBeNull();
  });

  it('words the effect on the end date', () => {
    expect(scheduleImpactText(14)).toBe('End date 14 days later');
    expect(scheduleImpactText(0)).toBe('No change to the end date');
    expect(scheduleImpactText(-1)).toBe('End date 1 day earlier');
  });
});
