import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** apps/server: the working directory of a real server process (`src/main.ts`). */
export const serverDir = path.resolve(import.meta.dirname, '..');

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export type ServerProcess = {
  child: ReturnType<typeof spawn>;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
};

/**
 * The real server (`node src/main.ts`, on the Node running the tests) with a clean environment: development
 * mode, loopback, warnings and above, plus `env`. Callers pass DATA_DIR, PORT and whatever else they need.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until `/healthz` answers 200; throws with the process output if it exits or takes longer than `ms`. */
export async function waitForHealth(base: string, server: ServerProcess, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`server at ${base} did not start (exit ${server.child.exitCode}):\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** pino's error and fatal levels. */
const ERROR_LEVEL = 50;

/** The error- and fatal-level lines in what a process logged that none of `allowed` matches. */
export function serverErrorLines(output: string, allowed: readonly RegExp[] = []): string[] {
  return output.split('\n').filter((line) => {
    if (!line.startsWith('{')) return false;
    let level: unknown;
    try {
      level = (JSON.parse(line) as { level?: unknown }).level;
    } catch {
      return false;
    }
    return typeof level === 'number' && level >= ERROR_LEVEL && !allowed.some((re) => re.test(line));
  });
}

/**
 * Fails when a server process logged at error level or above, over everything it wrote since it started (issue
 * #13 item 6: a 500 or a failed job in a child process is as real as one in an in-process app). A test that
 * provokes one on purpose declares it in `allowed`.
 */
export function assertNoServerErrors(server: { output(): string }, allowed: readonly RegExp[] = []): void {
  const lines = serverErrorLines(server.output(), allowed);
  if (lines.length)
    throw new Error(`the server process logged ${lines.length} undeclared error line(s):\n${lines.join('\n')}`);
}
