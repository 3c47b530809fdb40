/**
 * Hands items to `run` in batches, one batch at a time: the items that arrive while a batch runs (or in the same turn
 * of the event loop as the first) wait and go together in the next. With no load each goes at once, a turn later;
 * under load the batches grow by themselves (issue #17, decision 0021). The promise of each item settles as its batch
 * does.
 */
export function serialBatches<T>(run: (batch: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: Array<{ item: T; done: () => void; failed: (err: unknown) => void }> = [];
  let running = false;
  const drain = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await run(batch.map((w) => w.item));
        for (const w of batch) w.done();
      } catch (err) {
        for (const w of batch) w.failed(err);
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<void>((done, failed) => {
      waiting.push({ item, done, failed });
      if (running) return;
      running = true;
      setImmediate(() => void drain());
    });
}
