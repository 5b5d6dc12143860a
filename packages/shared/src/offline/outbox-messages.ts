/** The outbox's texts shown to people. */
export const OUTBOX_MESSAGES = {
  offline: 'You are offline. What you save is kept on this phone and sent when the network is back.',
  /** Under a loading list or form while offline: nothing of it was kept from a visit online. */
  notKept: 'Not kept on this phone: it loads when the network is back.',
  queued: 'Saved on this phone. It will be sent when the network is back.',
  notSentYet: 'Not sent yet',
  noNetwork: 'No network: it will be sent when the connection is back.',
  signInAgain: 'Your session ended: sign in again and sending goes on.',
  noAccess: 'It is kept here: copy what you wrote before you discard it.',
  unexpected: 'It could not be sent.',
  needsNetwork:
    'Without a network only task progress and notes are kept: the label, new or deleted tasks and files need a connection.',
  empty: 'Nothing waiting',
  emptyDescription:
    'Logs, replies, task progress, material requests and deliveries saved without a network wait here until they are sent.',
  paused: 'Sending is paused until you sign in again.',
} as const;

/** What each state of an outbox item is called on the Outbox screen. */
export const OUTBOX_STATE_LABELS = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
} as const;
