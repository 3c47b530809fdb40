import type { PerkContent } from '@wyn/contract';
import { useState } from 'react';
import { CalendarIcon, CheckIcon, ExternalLinkIcon, GiftIcon, TelegramIcon, TicketIcon } from '@/components/icons';
import { Button, buttonVariants } from '@/components/ui/button';
import { isHttpUrl } from '@/lib/format';
import { notify } from '@/lib/toast';
import { ExclusiveContentBlock, parseExclusiveContent } from './exclusive-content-block';
import { ExternalLink } from '@/components/external-link';

function CopyButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true);
        notify.success('Copied to clipboard');
        window.setTimeout(() => setCopied(false), 2000);
      },
      () => notify.error("Couldn't copy. Please copy the code manually."),
    );
  };
  return (
    <Button variant="outline" size="sm" onClick={copy} aria-label={`Copy code ${value}`}>
      {copied ? <CheckIcon className="size-4" /> : null}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/** What the redeemer (or the creator) receives: invite link, discount code, event details or exclusive content. */
export function PerkDetailContent({ content, isCreator }: { content: PerkContent; isCreator: boolean }) {
  const invite = content.invite_link || content.telegram_url || null;
  const exclusive = parseExclusiveContent(content.exclusive_content);
  let body: React.ReactNode = null;

  if (content.perk_type === 'telegram_invite' && invite) {
    body = isHttpUrl(invite) ? (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">Your invite link:</p>
        <ExternalLink href={invite} className={buttonVariants({ variant: 'telegram', className: 'self-start' })}>
          <TelegramIcon className="size-4" /> Open invite link <ExternalLinkIcon className="size-4" />
        </ExternalLink>
        <p className="text-xs break-all text-muted-foreground">{invite}</p>
      </div>
    ) : (
      <p className="text-sm break-all">{invite}</p>
    );
  } else if (content.perk_type === 'discount_code' && content.discount_code) {
    body = (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">Your discount code:</p>
        <div className="flex items-center gap-2">
          <code
            className="min-w-0 flex-1 truncate rounded-xl border border-dashed border-primary/50 bg-primary-soft px-3 py-2 font-mono text-base font-semibold tracking-wider text-primary"
            data-testid="discount-code"
          >
            {content.discount_code}
          </code>
          <CopyButton value={content.discount_code} />
        </div>
      </div>
    );
  } else if (content.perk_type === 'event_invitation' && content.event_details) {
    body = (
      <div className="flex gap-2">
        <CalendarIcon className="mt-0.5 size-4 shrink-0 text-primary" />
        <p className="text-[15px] break-words whitespace-pre-line">{content.event_details}</p>
      </div>
    );
  } else if (content.perk_type === 'exclusive_content' && exclusive) {
    body = <ExclusiveContentBlock content={exclusive} />;
  }

  if (!body) return null;
  const Icon = content.perk_type === 'discount_code' ? TicketIcon : GiftIcon;
  return (
    <section
      aria-labelledby="perk-content-heading"
      className="flex flex-col gap-3 rounded-2xl border border-success/30 bg-success/5 p-4"
      data-testid="perk-content"
    >
      <h2 id="perk-content-heading" className="flex items-center gap-2 font-semibold">
        <Icon className="size-5 text-success" />
        {isCreator ? 'What redeemers receive' : 'Your perk'}
      </h2>
      {body}
    </section>
  );
}
