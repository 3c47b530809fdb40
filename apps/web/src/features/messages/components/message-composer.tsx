import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MSG, LIMITS } from '@wyn/contract';
import { SendIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useClosingConfirmation } from '@/lib/telegram';
import { canSend } from '../lib/chat';

/** Enter sends, Shift+Enter starts a new line; the text stays when sending fails. */
export function MessageComposer({
  chatWith,
  onSend,
  sending,
  failed,
}: {
  chatWith: string | null;
  onSend: (content: string) => Promise<unknown>;
  sending: boolean;
  failed: boolean;
}) {
  const [text, setText] = useState('');
  const inputId = useId();
  const counterId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const ready = canSend(text, chatWith, LIMITS.messageMax) && !sending;
  // Inside Telegram, closing asks first while a message is drafted.
  useClosingConfirmation(text.trim() !== '');

  const submit = async () => {
    if (!ready) return;
    try {
      await onSend(text.trim());
      setText('');
      ref.current?.focus();
    } catch {
      /* the failure is shown below; the text stays for another try */
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  const near = text.length > LIMITS.messageMax * 0.9;
  return (
    <form onSubmit={onSubmit} className="border-t border-border bg-card p-3">
      {failed ? (
        <p role="alert" className="mb-2 rounded-lg bg-destructive-soft px-3 py-2 text-sm text-destructive">
          {CHAT_MSG.sendFailed}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          ref={ref}
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={CHAT_MSG.inputPlaceholder}
          maxLength={LIMITS.messageMax}
          rows={1}
          disabled={!chatWith}
          aria-describedby={counterId}
          className={cn(
            'max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-input bg-background px-4 py-2.5 text-[15px] leading-6 [field-sizing:content]',
            'placeholder:text-muted-foreground/70 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:opacity-60',
          )}
        />
        <Button
          type="submit"
          size="icon"
          className="size-11 shrink-0"
          disabled={!ready}
          loading={sending}
          aria-label="Send message"
        >
          {sending ? null : <SendIcon className="size-5" />}
        </Button>
      </div>
      <p
        id={counterId}
        className={cn('mt-1 text-right text-xs tabular-nums text-muted-foreground', near && 'text-destructive')}
      >
        {text.length.toLocaleString('en')}/{LIMITS.messageMax.toLocaleString('en')}
      </p>
    </form>
  );
}
