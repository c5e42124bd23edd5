import { AddressInfo } from 'net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Headers and body with quoted-printable undone. */
  text: string;
  /** When the receiver accepted it (ms since the epoch). */
  at: number;
}

const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export interface SmtpReceiverOptions {
  /** Addresses that get one 451 (a busy mailbox) before their mail is accepted. */
  refuseOnce?: Set<string>;
  /** Mails to a matching address are not answered until release(): a slow mail server, as the app sees it. */
  hold?: (address: string) => boolean;
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

/** A real SMTP server on a free port, keeping every mail it accepts (point SMTP_URL at `smtp://127.0.0.1:${port}`). */
export async function startSmtpReceiver(options: SmtpReceiverOptions = {}) {
  const mails: ReceivedMail[] = [];
  const held: Array<() => void> = [];
  let holding = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuseOnce?.delete(address.address)) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address);
        const accept = () => {
          mails.push({ to, raw, text: decodeQuotedPrintable(raw), at: Date.now() });
          callback();
        };
        if (holding && options.hold && to.some(options.hold)) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** The mails to `address` once there are `count` of them (throws after `timeoutMs`). */
  const mailTo = async (address: string, count = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const got = mails.filter((m) => m.to.includes(address));
      if (got.length >= count) return got;
      if (Date.now() > until) throw new Error(`${count} mail(s) to ${address} expected, got ${got.length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  return {
    mails,
    port,
    mailTo,
    /** How many held mails wait for release(). */
    heldCount: () => held.length,
    /** Accepts the held mails and holds no more. */
    release: () => {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
