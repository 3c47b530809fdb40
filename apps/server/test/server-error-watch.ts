/**
 * Watches a test app's log for server errors (issue #13 item 6): every error-level line and every response
 * with a 5xx status. A test that provokes one on purpose declares it (`expectServerErrors`); any other fails
 * the test at its end (setup.ts runs `checkServerErrorWatches` after each test) or at the app's close().
 */
export type ServerErrorMatcher = RegExp | string;

export type ServerErrorWatch = {
  /** Where the app's pino logger writes. */
  stream: { write(line: string): void };
  /** buildApp's `logger` option writing into this watch, for a test that builds an app itself. */
  logger: { level: string; stream: { write(line: string): void } };
  /** The running test provokes, on purpose, at least one server error matching each matcher. */
  expect(...matchers: ServerErrorMatcher[]): void;
  /** Throws when unexpected server errors appeared, or an expected one did not, since the last check. */
  check(): void;
  /** Stops the per-test checks (the app is closed). */
  release(): void;
};

type LogLine = {
  level?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  err?: { message?: string; type?: string; cause?: { message?: string } };
};

const ERROR_LEVEL = 50;
const live = new Set<ServerErrorWatch>();

/** Checks every open test app; setup.ts calls it after each test. */
export function checkServerErrorWatches(): void {
  const failures: string[] = [];
  for (const watch of live) {
    try {
      watch.check();
    } catch (err) {
      failures.push((err as Error).message);
    }
  }
  if (failures.length) throw new Error(failures.join('\n'));
}

function matches(matcher: ServerErrorMatcher, text: string): boolean {
  return typeof matcher === 'string' ? text.includes(matcher) : matcher.test(text);
}

export function createServerErrorWatch(forward?: { write(line: string): void }): ServerErrorWatch {
  /** Requests that have not completed yet, by pino request id, so a 5xx names its method and path. */
  const requests = new Map<string, string>();
  let seen: string[] = [];
  let expected: { matcher: ServerErrorMatcher; met: boolean }[] = [];

  function record(line: string) {
    // Cheap tests first: the only lines worth parsing are a request's first and last and error lines.
    const incoming = line.includes('"msg":"incoming request"');
    const completed = line.includes('"msg":"request completed"');
    if (!incoming && !completed && !/"level":(5|6)\d/.test(line)) return;
    let entry: LogLine;
    try {
      entry = JSON.parse(line) as LogLine;
    } catch {
      return;
    }
    const where = entry.reqId ? requests.get(entry.reqId) : undefined;
    if (incoming && entry.reqId) requests.set(entry.reqId, `${entry.req?.method} ${entry.req?.url}`);
    if (completed && entry.reqId) {
      requests.delete(entry.reqId);
      const status = entry.res?.statusCode ?? 0;
      if (status >= 500) seen.push(`${status} ${where ?? '(unknown request)'}`);
    }
    if ((entry.level ?? 0) >= ERROR_LEVEL) {
      // The first line of the message (drizzle's holds the whole query) and the cause (the database's words).
      const e = entry.err;
      const cause = e?.cause?.message ? ` ← ${e.cause.message}` : '';
      const err = e ? ` — ${e.type ?? 'Error'}: ${(e.message ?? '').split('\n')[0]}${cause}` : '';
      seen.push(`error log "${entry.msg ?? ''}"${where ? ` during ${where}` : ''}${err}`);
    }
  }

  const stream = {
    write(line: string) {
      record(line);
      forward?.write(line);
    },
  };
  const watch: ServerErrorWatch = {
    stream,
    logger: { level: 'info', stream },
    expect(...matchers) {
      if (!matchers.length) throw new Error('expectServerErrors needs at least one matcher');
      for (const matcher of matchers) expected.push({ matcher, met: false });
    },
    check() {
      const found = seen;
      const declared = expected;
      seen = [];
      expected = [];
      const unexpected = found.filter((text) => {
        const hits = declared.filter((e) => matches(e.matcher, text));
        for (const e of hits) e.met = true;
        return hits.length === 0;
      });
      const missing = declared.filter((e) => !e.met).map((e) => String(e.matcher));
      const problems = [
        ...unexpected.map((text) => `unexpected server error: ${text}`),
        ...missing.map((m) => `expected a server error matching ${m}, none appeared`),
      ];
      if (problems.length) throw new Error(problems.join('\n'));
    },
    release() {
      live.delete(watch);
    },
  };
  live.add(watch);
  return watch;
}
