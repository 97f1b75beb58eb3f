import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent, headers and body (quoted-printable soft breaks left in). */
  raw: string;
}

/** A real SMTP server on a free loopback port, collecting what it is sent. */
export async function startSmtp(options: { reject?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (options.reject) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  /** The newest message to `to`, waiting up to 5 s for it to arrive. */
  async function mailTo(to: string): Promise<ReceivedMail> {
    for (let i = 0; i < 100; i++) {
      const mail = received.findLast((m) => m.to.includes(to));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to} arrived over SMTP`);
  }

  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    mailTo,
    /** The set-password token of the newest message to `to` (as the recipient reads it). */
    async linkTo(to: string): Promise<string> {
      const text = decodeQuotedPrintable((await mailTo(to)).raw);
      const token = /set-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (!token) throw new Error(`the mail to ${to} has no set-password link`);
      return token;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
