import type { ChatMessage } from '@wyn/contract';
import { ReportButton } from '@/features/reports';
import { cn } from '@/lib/cn';
import { formatMessageTime } from '../lib/chat';

/**
 * One message: own on the right with a sent (✓) or read (✓✓) tick, the other member's on the left with a Report
 * action beside it.
 */
export function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  const read = Boolean(message.read_at);
  return (
    <li
      className={cn('group flex items-center gap-1', own ? 'justify-end' : 'justify-start')}
      data-testid={own ? 'own-message' : 'their-message'}
    >
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3.5 py-2 shadow-xs md:max-w-[65%]',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md bg-muted text-foreground',
        )}
      >
        <p className="text-[15px] leading-snug break-words whitespace-pre-wrap">{message.content}</p>
        <p
          className={cn(
            'mt-0.5 flex items-center justify-end gap-1 text-[11px]',
            own ? 'text-primary-foreground/90' : 'text-muted-foreground',
          )}
        >
          <time dateTime={message.sent_at}>{formatMessageTime(message.sent_at)}</time>
          {own ? (
            <span
              data-testid={read ? 'read-tick' : 'sent-tick'}
              aria-label={read ? 'Read' : 'Sent'}
              title={read ? 'Read' : 'Sent'}
            >
              {read ? '✓✓' : '✓'}
            </span>
          ) : null}
        </p>
      </div>
      {own ? null : (
        <ReportButton
          targetType="message"
          targetId={message.id}
          iconOnly
          className="size-8 text-muted-foreground opacity-70 hover:opacity-100 focus-visible:opacity-100"
        />
      )}
    </li>
  );
}
