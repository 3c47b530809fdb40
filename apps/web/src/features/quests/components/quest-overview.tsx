import { ExternalLink } from '@/components/external-link';
import { ClipboardCheckIcon, ExternalLinkIcon } from '@/components/icons';
import { buttonVariants } from '@/components/ui/button';
import { QUEST_PAGE_MSG } from '../lib/participation';
import { questActionLink } from '../lib/quest-links';
import type { QuestDetail } from '../types';

/** The overview tab: what to do, how it is verified, and the link that starts it. */
export function QuestOverview({ quest }: { quest: QuestDetail }) {
  const action = questActionLink(quest);
  return (
    <>
      <section>
        <h2 className="mb-1.5 font-semibold">Description</h2>
        <p className="text-[15px] leading-relaxed break-words whitespace-pre-line">{quest.description}</p>
      </section>
      <section>
        <h2 className="mb-1.5 font-semibold">Requirements</h2>
        <p className="text-[15px] break-words whitespace-pre-line text-muted-foreground">
          {quest.participation_requirements?.trim() || QUEST_PAGE_MSG.noRequirements}
        </p>
      </section>
      {quest.completion_criteria?.trim() ? (
        <section>
          <h2 className="mb-1.5 font-semibold">Completion criteria</h2>
          <p className="text-[15px] break-words whitespace-pre-line text-muted-foreground">
            {quest.completion_criteria}
          </p>
        </section>
      ) : null}
      <p className="flex items-center gap-2 text-sm" data-testid="verification-mode">
        <ClipboardCheckIcon className="size-4 text-primary" />
        {quest.verification_mode === 'automatic' ? 'Verified automatically' : 'Reviewed by the creator'}
      </p>
      {quest.task_type === 'post' && quest.hashtag ? (
        <p className="text-sm">
          Post with <span className="font-semibold">#{quest.hashtag.replace(/^#+/, '')}</span>
        </p>
      ) : null}
      {action ? (
        <ExternalLink href={action.href} className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
          {action.label} <ExternalLinkIcon className="size-4" />
        </ExternalLink>
      ) : null}
    </>
  );
}
