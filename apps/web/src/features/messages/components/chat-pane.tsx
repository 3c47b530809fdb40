import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CHAT_MSG, type ChatMessage } from '@wyn/contract';
import { Avatar } from '@/components/avatar';
import { ChevronLeftIcon, MessageIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { href, paths } from '@/config/paths';
import { inDisplayOrder } from '../lib/chat';
import { MessageBubble } from './message-bubble';

export function ChatHeader({ userId, name, avatar }: { userId: string; name: string; avatar: string | null }) {
  return (
    <div className="flex items-center gap-2 border-b border-border px-2 py-2.5 md:px-4">
      <Link
        to={paths.messages}
        aria-label="Back to conversations"
        className="relative touch-target inline-flex size-10 items-center justify-center rounded-full hover:bg-muted active:bg-border focus-visible:outline-2 focus-visible:outline-ring md:hidden tg-back:hidden"
      >
        <ChevronLeftIcon className="size-5" />
      </Link>
      <Link
        to={href.profile(userId)}
        className="flex min-w-0 items-center gap-3 rounded-xl p-1 pr-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Avatar src={avatar} name={name} className="size-9" />
        <h2 className="truncate font-semibold" data-testid="chat-name">
          {name}
        </h2>
      </Link>
    </div>
  );
}

/** How close to the bottom (px) still counts as reading the newest messages. */
const STICK_TO_BOTTOM_PX = 80;

/**
 * The messages of the open chat, oldest first. It follows the newest as they arrive while the reader is at
 * the bottom (or sent one), and "Load older messages" at the top adds the previous page without moving what
 * the reader was looking at.
 */
export function MessageThread({
  messages,
  isPending,
  isError,
  viewerId,
  name,
  hasOlder = false,
  loadingOlder = false,
  olderFailed = false,
  onLoadOlder,
}: {
  /** Newest first. */
  messages: ChatMessage[] | undefined;
  isPending: boolean;
  isError: boolean;
  viewerId: string | undefined;
  name: string;
  hasOlder?: boolean;
  loadingOlder?: boolean;
  olderFailed?: boolean;
  onLoadOlder?: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  // The message at the top when older ones were asked for, and where it was on screen.
  const anchor = useRef<{ el: Element; top: number } | null>(null);
  const newest = messages?.[0];
  const oldestId = messages?.at(-1)?.id;

  const shownNewest = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const el = scroller.current;
    const sentNow = newest?.id !== shownNewest.current && newest?.sender.id === viewerId;
    shownNewest.current = newest?.id;
    if (el && (atBottom.current || sentNow)) el.scrollTop = el.scrollHeight;
  }, [newest?.id, newest?.read_at, newest?.sender.id, viewerId]);

  useLayoutEffect(() => {
    const saved = anchor.current;
    const el = scroller.current;
    if (!saved || loadingOlder || !el) return;
    anchor.current = null;
    // Measured rather than computed from heights, so it is right whether or not the browser's own scroll
    // anchoring has already compensated for the rows added above.
    if (saved.el.isConnected) el.scrollTop += saved.el.getBoundingClientRect().top - saved.top;
  }, [oldestId, loadingOlder]);

  const loadOlder = () => {
    const top = list.current?.firstElementChild;
    anchor.current = top ? { el: top, top: top.getBoundingClientRect().top } : null;
    onLoadOlder?.();
  };

  let body;
  if (isPending) {
    body = (
      <div className="flex flex-col gap-3 p-4" aria-label="Loading messages">
        <Skeleton className="h-10 w-1/2 rounded-2xl" />
        <Skeleton className="ml-auto h-10 w-2/5 rounded-2xl" />
        <Skeleton className="h-14 w-3/5 rounded-2xl" />
      </div>
    );
  } else if (isError) {
    body = (
      <p role="alert" className="m-4 rounded-xl bg-destructive-soft p-3 text-sm text-destructive">
        {CHAT_MSG.loadMessagesFailed}
      </p>
    );
  } else if (!messages?.length) {
    body = (
      <div className="flex h-full flex-col items-center justify-center px-6 text-center" data-testid="no-messages">
        <span className="mb-3 flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <MessageIcon className="size-6" />
        </span>
        <p className="font-semibold">{CHAT_MSG.noMessages}</p>
        <p className="mt-1 text-sm text-muted-foreground">{CHAT_MSG.startChatting.replace('{name}', name)}</p>
      </div>
    );
  } else {
    body = (
      <>
        {hasOlder ? (
          <div className="flex flex-col items-center gap-1 px-4 pt-3">
            <Button variant="outline" size="sm" loading={loadingOlder} onClick={loadOlder} className="rounded-full">
              {CHAT_MSG.loadOlder}
            </Button>
            {olderFailed && !loadingOlder ? (
              <p role="alert" className="text-xs text-destructive">
                {CHAT_MSG.loadOlderFailed}
              </p>
            ) : null}
          </div>
        ) : null}
        <div role="log" aria-live="polite" aria-label={`Messages with ${name}`}>
          <ol ref={list} className="flex flex-col gap-2 p-4">
            {inDisplayOrder(messages).map((m) => (
              <MessageBubble key={m.id} message={m} own={m.sender.id === viewerId} />
            ))}
          </ol>
        </div>
      </>
    );
  }
  return (
    <div
      ref={scroller}
      // Scrollable by keyboard too (WCAG 2.1.1).
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto bg-background/60"
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX;
      }}
    >
      {body}
    </div>
  );
}
