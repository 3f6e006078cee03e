import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/open.js';
import { outbox } from '../db/schema/system.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (the report PDF); the local outbox keeps their names only. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * An SMTP server given piece by piece (a laboratory's MSSanté relay) rather than as the operator's
 * SMTP_URL: `host` is the address to connect to, `servername` the name its TLS certificate bears.
 */
export interface SmtpServer {
  host: string;
  servername: string;
  port: number;
  /** 'tls': TLS from the start; 'starttls': STARTTLS required; 'none': STARTTLS only if offered. */
  security: 'tls' | 'starttls' | 'none';
  auth?: { user: string; pass: string };
  timeoutMs: number;
}

const transportOptions = (server: SmtpServer) => ({
  host: server.host,
  port: server.port,
  secure: server.security === 'tls',
  requireTLS: server.security === 'starttls',
  tls: { servername: server.servername },
  ...(server.auth ? { auth: server.auth } : {}),
  connectionTimeout: server.timeoutMs,
  greetingTimeout: server.timeoutMs,
  socketTimeout: server.timeoutMs,
});

/** Real delivery through an SMTP server: the operator's (a URL) or a laboratory's relay. */
export function smtpMailer(smtp: string | SmtpServer, from: string): Mailer {
  // nodemailer is imported on the first message rather than at the server's start.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(typeof smtp === 'string' ? smtp : transportOptions(smtp)),
      );
      await (await transport).sendMail({ from, ...message });
    },
  };
}

/** Offline default: the message is kept in the outbox table and printed to the server log. */
export function outboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await db
        .insert(outbox)
        .values({ channel: 'email', recipient: message.to, subject: message.subject, body: message.text });
      // The attachments' bytes stay out of the outbox: the report is stored with its record.
      log.info(
        { to: message.to, subject: message.subject, text: message.text },
        'E-mail queued in the local outbox',
      );
    },
  };
}
