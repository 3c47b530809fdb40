import nodemailer from 'nodemailer';
import type { Log } from '../lib/log.ts';

export type OutgoingMail = { to: string; subject: string; text: string };

/** The only code that sends e-mail. Without SMTP_URL, mail goes to the server log (development only). */
export type Mailer = {
  /** True when mail reaches a real inbox; false when it only reaches the log. */
  readonly deliversForReal: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
};

export function createMailer(opts: { smtpUrl: string | undefined; from: string; log: Log }): Mailer {
  if (!opts.smtpUrl) {
    return {
      deliversForReal: false,
      async send(mail) {
        opts.log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL, logged only):\n${mail.text}`);
      },
      async close() {},
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    deliversForReal: true,
    async send(mail) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    async close() {
      transport.close();
    },
  };
}
