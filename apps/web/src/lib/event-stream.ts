import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface StreamHandlers {
  /** The server accepted the stream (called once per connection, before any event). */
  onOpen?: () => void;
  onMessage: (message: EventSourceMessage) => void;
}

/** Feeds a server-sent-events body to the kept parser until the server ends it; rejects when it breaks. */
export async function readEventStream(res: Response, handlers: StreamHandlers): Promise<void> {
  handlers.onOpen?.();
  if (!res.body) return;
  const parser = createParser({ onEvent: handlers.onMessage });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  } finally {
    reader.releaseLock();
  }
}
