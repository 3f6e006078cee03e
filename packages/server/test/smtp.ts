import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The envelope's sender (MAIL FROM), and the account it logged in with when it did. */
  from?: string;
  user?: string;
  raw: string;
}

export interface SmtpServerOptions {
  /** The one account it takes (AUTH over the plain connection, as a local relay may); none: no AUTH. */
  account?: { user: string; pass: string };
  /** Recipients it refuses with a 550, as a relay refuses an unknown mailbox. */
  refuse?: (address: string) => boolean;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<{
  url: string;
  port: number;
  inbox: ReceivedMail[];
  stop(): Promise<void>;
}> {
  const inbox: ReceivedMail[] = [];
  const { account, refuse } = options;
  const server = new SMTPServer({
    disabledCommands: account ? ['STARTTLS'] : ['AUTH', 'STARTTLS'],
    ...(account ? { authOptional: false, allowInsecureAuth: true } : {}),
    onAuth(auth, _session, callback) {
      if (auth.username === account?.user && auth.password === account?.pass)
        callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (refuse?.(address.address))
        callback(Object.assign(new Error('5.1.1 Mailbox unknown'), { responseCode: 550 }));
      else callback();
    },
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          ...(from ? { from: from.address } : {}),
          ...(typeof session.user === 'string' ? { user: session.user } : {}),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    inbox,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link of a message, whatever the line folding of quoted-printable did to it. */
export function linkIn(mail: ReceivedMail | undefined, page: string): string {
  const unfolded = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https://lab\\.example/(fr|en)/${page}/([A-Za-z0-9_-]+)`).exec(unfolded);
  if (!match?.[2]) throw new Error(`no ${page} link in the message`);
  return match[2];
}
