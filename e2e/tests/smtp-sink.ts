import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  from: string;
  to: string[];
  /** The raw message: headers and body as sent. */
  raw: string;
}

/** An SMTP server on 127.0.0.1 that accepts every message and keeps it (the e2e server's SMTP_URL). */
export async function startSmtpSink(port: number) {
  const messages: SunkMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    closeTimeout: 500,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'e2e' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
