import type { Transporter } from 'nodemailer';
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
  const smtpUrl = opts.smtpUrl;
  // nodemailer loads with the first mail (docs/performance.md, start and memory).
  let transport: Promise<Transporter> | null = null;
  return {
    deliversForReal: true,
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
