import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CHAT_MSG } from '@wyn/contract';
import { MessageIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChatProfile } from '../api/get-chat-profile';
import { useChats } from '../api/get-chats';
import { useMessages } from '../api/get-messages';
import { useMarkChatRead } from '../api/mark-chat-read';
import { useSendMessage } from '../api/send-message';
import { ChatHeader, MessageThread } from '../components/chat-pane';
import { ConversationList } from '../components/conversation-list';
import { MessageComposer } from '../components/message-composer';
import { isMemberId } from '../lib/chat';

function PaneNotice({ title, description, testId }: { title: string; description?: string; testId?: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 text-center" data-testid={testId}>
      <span className="mb-3 flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <MessageIcon className="size-7" />
      </span>
      <p className="font-semibold">{title}</p>
      {description ? <p className="mt-1 max-w-xs text-sm text-muted-foreground">{description}</p> : null}
    </div>
  );
}

/**
 * /messages (docs/spec/02-explore-details-wallet-social.md §2, §4): the conversation list and the open chat, `?user={id}` choosing it. Phones show
 * the list or the chat; wider screens both side by side.
 */
export default function MessagesPage() {
  const [params] = useSearchParams();
  const selected = params.get('user');
  const viewer = useCurrentUser();
  const chats = useChats();
  const summary = chats.data?.find((c) => c.id === selected);
  const startable = isMemberId(selected) && selected !== viewer?.id;
  const chatWith = startable ? selected : null;
  // A member we have not talked to yet: their profile gives the name.
  const profile = useChatProfile(chatWith, chats.isSuccess && !summary);
  const thread = useMessages(chatWith);
  const send = useSendMessage();
  const { mutate: markRead } = useMarkChatRead();
  useDocumentTitle('Messages');

  // Opening a chat with unread messages marks it read; so does a new message arriving while it is open.
  const unread = summary?.unread ?? 0;
  useEffect(() => {
    if (chatWith && unread > 0) markRead(chatWith);
  }, [chatWith, unread, markRead]);

  const { reset } = send;
  useEffect(() => reset(), [chatWith, reset]);

  const name = summary?.name ?? profile.data?.display_name ?? '';
  const avatar = summary?.avatar ?? profile.data?.avatar ?? profile.data?.telegram_photo_url ?? null;
  const unknownMember = Boolean(selected) && (!startable || (!summary && profile.isError));

  let pane;
  if (!selected) {
    pane = <PaneNotice title={CHAT_MSG.selectConversation} testId="select-conversation" />;
  } else if (unknownMember || !chatWith) {
    pane = <PaneNotice title={CHAT_MSG.unableToStart} testId="unable-to-start" />;
  } else {
    pane = (
      <>
        <ChatHeader userId={chatWith} name={name || '…'} avatar={avatar} />
        <MessageThread
          key={chatWith}
          messages={thread.data}
          isPending={thread.isPending}
          isError={thread.isError}
          hasOlder={thread.hasNextPage}
          loadingOlder={thread.isFetchingNextPage}
          olderFailed={thread.isFetchNextPageError}
          onLoadOlder={() => void thread.fetchNextPage()}
          viewerId={viewer?.id}
          name={name || 'this member'}
        />
      </>
    );
  }

  return (
    // Phones: exactly the space above the bottom navigation (the layout's bottom padding leaves 1.5rem more).
    <div className="mx-auto flex w-full max-w-6xl max-md:-mb-6 md:px-6 md:pt-6">
      <div
        className={cn(
          'flex h-[calc(var(--app-height)-4rem-var(--safe-bottom)-var(--tg-inset-top))] w-full overflow-hidden bg-card',
          'md:grid md:h-[calc(100dvh-10rem)] md:min-h-[28rem] md:grid-cols-[20rem_1fr] md:rounded-2xl md:border md:border-border md:shadow-sm',
        )}
      >
        <section
          aria-label="Conversations"
          className={cn('min-h-0 w-full flex-col md:flex md:border-r md:border-border', selected ? 'hidden' : 'flex')}
        >
          <ConversationList
            chats={chats.data}
            isPending={chats.isPending}
            isError={chats.isError}
            selectedId={selected}
            viewerId={viewer?.id ?? null}
          />
        </section>
        <section aria-label="Chat" className={cn('min-h-0 w-full flex-col md:flex', selected ? 'flex' : 'hidden')}>
          {pane}
          <MessageComposer
            key={chatWith ?? 'none'}
            chatWith={chatWith}
            sending={send.isPending}
            failed={send.isError}
            onSend={(content) => send.mutateAsync({ content, receiver: chatWith ?? '', message_type: 'text' })}
          />
        </section>
      </div>
    </div>
  );
}
