import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CHAT_MSG, type ChatSummary } from '@wyn/contract';
import { Avatar } from '@/components/avatar';
import { EmptyState } from '@/components/empty-state';
import { MessageIcon, SearchIcon } from '@/components/icons';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { href, paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatBadgeCount, formatRelativeTime } from '@/lib/format';
import { filterChats } from '../lib/chat';
import { NewChatDialog } from './new-chat-dialog';

export function ConversationList({
  chats,
  isPending,
  isError,
  selectedId,
  viewerId = null,
}: {
  chats: ChatSummary[] | undefined;
  isPending: boolean;
  isError: boolean;
  selectedId: string | null;
  viewerId?: string | null;
}) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = filterChats(chats ?? [], search);

  let body;
  if (isPending) {
    body = (
      <ul className="flex flex-col gap-1 p-2" aria-label="Loading conversations">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="flex items-center gap-3 p-2">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-3/4" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (isError) {
    body = (
      <p role="alert" className="m-4 rounded-xl bg-destructive-soft p-3 text-sm text-destructive">
        {CHAT_MSG.loadChatsFailed}
      </p>
    );
  } else if (!chats?.length) {
    body = (
      <EmptyState
        className="m-4"
        icon={<MessageIcon className="size-6" />}
        title={CHAT_MSG.noConversations}
        actionLabel={CHAT_MSG.findPeople}
        actionHref={paths.explore}
        testId="no-conversations"
      />
    );
  } else if (!shown.length) {
    body = <p className="p-6 text-center text-sm text-muted-foreground">No conversations match “{search.trim()}”.</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-0.5 p-2" aria-label="Conversations">
        {shown.map((c) => {
          const active = c.id === selectedId;
          return (
            <li key={c.id}>
              <Link
                to={href.messagesWith(c.id)}
                aria-current={active ? 'true' : undefined}
                data-testid="conversation"
                className={cn(
                  'flex items-center gap-3 rounded-xl p-2.5 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                  active && 'bg-primary-soft hover:bg-primary-soft',
                )}
              >
                <Avatar src={c.avatar} name={c.name} className="size-11" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={cn('truncate font-medium', c.unread > 0 && 'font-semibold')}>{c.name}</span>
                    <time dateTime={c.time} className="shrink-0 text-xs text-muted-foreground">
                      {formatRelativeTime(c.time)}
                    </time>
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span
                      className={cn(
                        'truncate text-sm',
                        c.unread > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
                      )}
                    >
                      {c.lastMessage}
                    </span>
                    {c.unread > 0 ? (
                      <span
                        data-testid="unread-badge"
                        aria-label={`${c.unread} unread`}
                        className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground"
                      >
                        {formatBadgeCount(c.unread)}
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-border px-4 pt-4 pb-3">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">Messages</h1>
          <NewChatDialog viewerId={viewerId} />
        </div>
        <div className="relative mt-3">
          <label htmlFor={searchId} className="sr-only">
            {CHAT_MSG.searchPlaceholder}
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={CHAT_MSG.searchPlaceholder}
            className="pl-9"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
    </div>
  );
}
