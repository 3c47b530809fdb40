import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type SunkMail = { to: string[]; raw: string; text: string };

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpSink() {
  const messages: SunkMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        // Unfold quoted-printable soft breaks so codes and links read whole.
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        messages.push({ to, raw, text });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits for a message to `address` and returns its six-digit code. */
    async codeFor(address: string, timeoutMs = 5000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = [...messages].reverse().find((m) => m.to.includes(address.toLowerCase()));
        const code =
          mail &&
          /\b(\d{6})\b/.exec(
            mail.text
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no mail with a code reached ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
