import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { PlusIcon, SearchIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { href } from '@/config/paths';
import { useMemberSearch } from '../api/search-members';

export const NEW_CHAT_MSG = {
  open: 'New message',
  title: 'New message',
  description: 'Find a member to write to.',
  searchLabel: 'Search members',
  placeholder: 'Name or @username',
  noMatch: 'No members found',
  failed: "Couldn't search members. Please try again.",
} as const;

const DEBOUNCE_MS = 250;

/** Starts a chat from Messages: search a member, open the chat with them (issue #14 item 18). */
export function NewChatDialog({ viewerId }: { viewerId: string | null }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const inputId = useId();
  useEffect(() => {
    const t = setTimeout(() => setQuery(text), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const search = useMemberSearch(query);
  const members = (search.data ?? []).filter((m) => m.user !== viewerId);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setText('');
      }}
    >
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="new-chat">
        <PlusIcon className="size-4" /> {NEW_CHAT_MSG.open}
      </Button>
      <DialogContent title={NEW_CHAT_MSG.title} description={NEW_CHAT_MSG.description}>
        <div className="relative">
          <label htmlFor={inputId} className="sr-only">
            {NEW_CHAT_MSG.searchLabel}
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={inputId}
            type="search"
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={NEW_CHAT_MSG.placeholder}
            className="pl-9"
          />
        </div>
        <div className="mt-3 max-h-[50vh] min-h-24 overflow-y-auto" aria-live="polite" aria-busy={search.isFetching}>
          {!query.trim() ? null : search.isPending ? (
            <div className="flex justify-center p-4">
              <Spinner label="Searching" />
            </div>
          ) : search.isError ? (
            <p role="alert" className="p-4 text-center text-sm text-destructive">
              {NEW_CHAT_MSG.failed}
            </p>
          ) : members.length === 0 ? (
            <p className="p-4 text-center text-sm text-muted-foreground">{NEW_CHAT_MSG.noMatch}</p>
          ) : (
            <ul aria-label="Members" className="flex flex-col gap-0.5">
              {members.map((m) => (
                <li key={m.id}>
                  <Link
                    to={href.messagesWith(m.user)}
                    onClick={() => setOpen(false)}
                    data-testid="member-result"
                    className="flex min-h-11 items-center gap-3 rounded-xl p-2 hover:bg-muted active:bg-border focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <Avatar src={m.avatar || m.telegram_photo_url} name={m.display_name} className="size-10" />
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate font-medium">{m.display_name}</span>
                      {m.username ? (
                        <span className="truncate text-sm text-muted-foreground">@{m.username}</span>
                      ) : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
