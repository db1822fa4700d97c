import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestContext } from './harness';

export interface Received {
  from: string;
  to: string[];
  body: string;
}

/** A real SMTP server on loopback that keeps what it is given. */
export async function startMailServer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

export const smtpTo = (port: number) => ({ url: `smtp://127.0.0.1:${port}`, host: undefined, port: undefined, user: undefined, pass: undefined, secure: undefined });

/** The text of a received message, its transfer encoding undone. */
export function readableText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A test app whose e-mails go over SMTP to a mail server of its own; `close` stops both. */
export async function createMailTestApp(): Promise<{ ctx: TestContext; mail: Awaited<ReturnType<typeof startMailServer>>; close: () => Promise<void> }> {
  const mail = await startMailServer();
  const ctx = await createTestApp({
    adapters: { bank: 'sandbox', chain: 'sandbox', sms: 'sandbox', email: 'smtp' },
    smtp: { ...smtpTo(mail.port), from: 'noreply@platform.test' },
  });
  return {
    ctx,
    mail,
    async close() {
      await ctx.close();
      await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    },
  };
}
