import pg from 'pg';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * LISTEN on a PostgreSQL channel over one dedicated connection (pooled connections cannot keep a LISTEN).
 * A lost connection is reopened with backoff; `onReconnect` then tells subscribers that notifications sent
 * while it was down are gone, so they can refetch. Resolves once the first LISTEN is in place.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    // An error on an idle connection is reported here; 'end' follows and schedules the reconnect.
    c.on('error', () => {});
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) onPayload(msg.payload);
    });
    c.on('end', () => {
      if (client === c) client = null;
      if (!stopped) schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = RECONNECT_MIN_MS;
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      connect()
        .then(() => onReconnect?.())
        .catch(() => {
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          if (!stopped) schedule();
        });
    }, delay);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
