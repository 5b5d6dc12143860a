/** A delivery line as the notices and refusals tell it. */
interface LineText {
  name: string;
  unit: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The sentences of purchase order steps: refusals, history remarks and notifications. */
export const PURCHASE_ORDER_NOTICES = {
  /** 409: a delivery would take a line past the order and the tolerance. */
  overReceipt: (line: LineText & { ordered: number; limit: number; already: number; asked: number }) =>
    `Receiving ${line.asked} ${line.unit} of ${line.name} would make ${line.already + line.asked} received; ` +
    `${line.ordered} ${line.unit} were ordered, so at most ${line.limit} may be received.`,
  deliveryRemarks: (waybill: string, accepted: number, rejected: number) =>
    `Waybill ${waybill}: ${accepted} accepted${rejected > 0 ? `, ${rejected} rejected` : ''}`,
  deliveredTitle: (poNumber: string) => `Delivery recorded on ${poNumber}`,
  deliveredMessage: (poNumber: string, lines: number) =>
    `A delivery against ${poNumber} was recorded (${plural(lines, 'line')}). See what was received and rejected.`,
  shortTitle: (poNumber: string) => `Delivery short on ${poNumber}`,
  shortMessage: (poNumber: string, rejectedLines: number, openLines: number) => {
    const parts = [
      rejectedLines > 0 ? `${plural(rejectedLines, 'line')} with goods rejected` : null,
      openLines > 0 ? `${plural(openLines, 'line')} not yet received in full` : null,
    ].filter(Boolean);
    return `A delivery against ${poNumber}: ${parts.join(', ')}.`;
  },
  receivedTitle: (poNumber: string) => `${poNumber} received in full`,
  receivedMessage: (poNumber: string) =>
    `Every line of ${poNumber} was received; the vendor's invoice can be matched against it.`,
  cancelledTitle: (poNumber: string) => `${poNumber} cancelled`,
  cancelledMessage: (poNumber: string, remarks: string | null) =>
    `Purchase order ${poNumber} was cancelled${remarks ? `: ${remarks}` : '.'}`,
  cannotCancel: 'Only an order nothing was received on can be cancelled.',
} as const;
