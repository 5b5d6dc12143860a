/** The sentences of invoice steps: notifications, history remarks and refusals. */
export const INVOICE_NOTICES = {
  disputedTitle: (invoiceNumber: string) => `Invoice ${invoiceNumber} does not match`,
  disputedMessage: (invoiceNumber: string, poNumber: string, lines: number) =>
    `Invoice ${invoiceNumber} against ${poNumber} differs from the order or the deliveries on ${lines} line${lines === 1 ? '' : 's'}; it needs the administrator's approval.`,
  matchedTitle: (invoiceNumber: string) => `Invoice ${invoiceNumber} matched`,
  matchedMessage: (invoiceNumber: string, poNumber: string) =>
    `Invoice ${invoiceNumber} matches ${poNumber} and its deliveries; it can be approved.`,
  decidedTitle: (invoiceNumber: string, status: 'approved' | 'rejected') =>
    `Invoice ${invoiceNumber} ${status}`,
  decidedMessage: (invoiceNumber: string, status: 'approved' | 'rejected', remarks: string | null) =>
    `Your invoice ${invoiceNumber} was ${status}${remarks ? `: ${remarks}` : '.'}`,
  /** To whoever recorded it (staff): the vendor's invoice, not theirs. */
  decidedForRecorder: (
    invoiceNumber: string,
    vendorName: string,
    status: 'approved' | 'rejected',
    remarks: string | null,
  ) =>
    `${vendorName}'s invoice ${invoiceNumber}, which you recorded, was ${status}${remarks ? `: ${remarks}` : '.'}`,
  paidTitle: (invoiceNumber: string) => `Payment on invoice ${invoiceNumber}`,
  paidMessage: (invoiceNumber: string, amount: string, outstanding: string) =>
    `A payment of ${amount} was recorded on invoice ${invoiceNumber}; ${outstanding} is still owed.`,
  closedTitle: (poNumber: string) => `${poNumber} closed`,
  closedMessage: (poNumber: string) => `Everything received on ${poNumber} is invoiced and paid.`,
  disputedNeedsAdmin: 'A disputed invoice needs the administrator’s approval.',
  cannotDecide: (status: string) => `The invoice cannot be changed this way while it is ${status}.`,
} as const;
