import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { Mailer } from './transport.ts';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const settings = {
  email: async () => ({
    apiKey: 'key',
    fromEmail: 'projects@trowel.test',
    fromName: 'Trowel',
    testEmail: '',
  }),
};

describe('the mailer', () => {
  it('finishes the sends under way when its connections are dropped (settings saved meanwhile)', async () => {
    const mailer = new Mailer({ smtpUrl: smtp.url }, settings);
    const sends = ['a', 'b', 'c'].map((name) =>
      mailer.send({ to: `${name}@trowel.test`, subject: `To ${name}`, text: 'Hello' }),
    );
    // The first send has made the pool; dropping it must not fail what it is sending.
    await new Promise((resolve) => setImmediate(resolve));
    mailer.reset();
    await expect(Promise.all(sends)).resolves.toHaveLength(3);
    // The next send makes a new pool.
    await mailer.send({ to: 'd@trowel.test', subject: 'To d', text: 'Hello' });
    expect(smtp.messages.map((message) => message.subject).sort()).toEqual(['To a', 'To b', 'To c', 'To d']);
    mailer.reset();
  });
});
