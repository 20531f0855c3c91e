import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded text of the message (quoted-printable soft breaks and escapes undone). */
  text: string;
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A real SMTP receiver on a free local port that keeps every message it accepts. */
export async function startSmtpReceiver() {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits for the n-th message (1-based) to an address and returns it. */
  async function waitFor(address: string, nth = 1, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.filter((m) => m.to.includes(address));
      if (found.length >= nth) return found[nth - 1]!;
      if (Date.now() > deadline) throw new Error(`No mail #${nth} to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

/** The one-time token in a mailed link to the given page. */
export function linkToken(mail: ReceivedMail, page: '/magic-link-login' | '/verify-email'): string {
  const match = new RegExp(`${page.replace('/', '\\/')}\\?token=([A-Za-z0-9]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${page} link in the mail`);
  return match[1]!;
}
