import { describe, expect, it } from 'vitest';
import { MATERIAL_REQUEST_STATUSES, materialRequestMachine } from './material-request.machine.ts';
import { materialItemsSummary, materialRequestNotice } from './material-request.notices.ts';

const items = [
  { name: 'bags of cement', quantity: 80 },
  { name: 'Rebar 12 mm', quantity: 2.5 },
  { name: 'Sharp sand', quantity: 3 },
  { name: 'Granite', quantity: 4 },
];
const rawStatusIn = (text: string) => MATERIAL_REQUEST_STATUSES.some((status) => text.includes(status));

describe('material request notices', () => {
  it('name the items as saved, three at most, with the notes given', () => {
    expect(materialItemsSummary(items)).toBe('80 bags of cement, 2.5 Rebar 12 mm, 3 Sharp sand and 1 more');
    expect(
      materialRequestNotice('return_to_engineer', {
        by: 'Lola',
        items: items.slice(0, 1),
        notes: 'Too many',
      }),
    ).toEqual({
      title: 'Material request returned for review',
      message: 'Lola returned your request for 80 bags of cement for your review. Notes: "Too many"',
    });
    expect(
      materialRequestNotice('mark_partially_delivered', {
        by: 'Tunde',
        items: items.slice(0, 1),
        notes: '20 today',
      }),
    ).toEqual({
      title: 'Materials: Partially Delivered',
      message:
        'Tunde marked your request for 80 bags of cement as partially delivered. Store notes: "20 today"',
    });
  });

  it('never carry a raw status word, for any step', () => {
    for (const action of materialRequestMachine.actions) {
      const { title, message } = materialRequestNotice(action, { by: 'Ada', items, notes: null });
      expect(rawStatusIn(title) || rawStatusIn(message), action).toBe(false);
    }
  });
});
