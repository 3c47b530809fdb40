import { HiddenByStaffNotice } from '@/components/hidden-by-staff-notice';
import { useDeferredValue, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { href } from '@/config/paths';
import { UNTITLED_QUEST } from '@/lib/labels';
import { useProductName } from '@/lib/queries/app-config';
import { useCurrentUser } from '@/lib/session';
import { useMainButton } from '@/lib/telegram';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useQuest } from '../api/get-quest';
import { JoinCard } from '../components/join-card';
import { JoinChannelDialog } from '../components/join-channel-dialog';
import { QuestHeader, QuestMedia } from '../components/quest-header';
import { QuestOverview } from '../components/quest-overview';
import { ReportButton } from '@/features/reports';
import { BackBar, QuestError, QuestSkeleton } from '../components/quest-page-states';
import { QuestSideCards } from '../components/quest-side-cards';
import { RewardCelebration } from '../components/reward-celebration';
import { SubmissionsPanel } from '../components/submissions-panel';
import { SubmitTab } from '../components/submit-tab';
import { secondTabLabel } from '../lib/participation';
import { EDIT_FROM_QUEST } from '../lib/quest-links';
import { questMainButton } from '../lib/quest-main-button';
import { useQuestParticipation } from '../lib/use-quest-participation';
import { useRewardCelebration } from '../lib/use-reward-celebration';
import type { QuestDetail } from '../types';

type Tab = 'overview' | 'submit' | 'submissions';

export default function QuestPage() {
  const { id = '' } = useParams();
  const quest = useQuest(id);
  // The page is drawn from a deferred value, so React renders it in a transition, in slices the browser can
  // interleave with other work, with the skeleton until then (docs/performance.md, Web: total blocking time).
  // Otherwise it is one long task whenever it renders in a synchronous update: the quest arriving (React Query's
  // store updates are synchronous), or any store update above the page while its chunk has just come in. The
  // initial value (null) makes the first render the skeleton even when the quest is already there.
  const shown = useDeferredValue(quest.data, null);
  useDocumentTitle(quest.data?.title || 'Quest');

  if (quest.isPending) return <QuestSkeleton />;
  if (quest.isError) return <QuestError error={quest.error} onRetry={() => void quest.refetch()} />;
  // Another quest's page (the route stays mounted when only its id changes) is never shown for this one.
  if (!shown || shown.id !== quest.data.id) return <QuestSkeleton />;
  return <QuestView quest={shown} />;
}

function QuestView({ quest }: { quest: QuestDetail }) {
  const productName = useProductName();
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const viewerId = viewer?.id ?? null;
  const isCreator = quest.is_creator || (viewerId !== null && quest.creator === viewerId);
  // A creator with submissions waiting lands on them; everyone else starts with the overview.
  const [tab, setTab] = useState<Tab>(isCreator && quest.pending_review_count > 0 ? 'submissions' : 'overview');
  const acts = useQuestParticipation(quest, { onJoined: () => setTab('submit') });
  const participation = quest.my_participation;
  const celebrating = useRewardCelebration(participation?.verification_status);
  const title = quest.title?.trim() || UNTITLED_QUEST;
  const changeTab = (v: string) => setTab(v as Tab);

  // Inside Telegram the primary action sits on its MainButton (the in-page buttons hide there).
  const main = questMainButton(quest, viewerId, tab);
  useMainButton(
    main && {
      text: main.text,
      enabled: main.enabled,
      loading:
        main.action === 'participate'
          ? acts.joining
          : main.action === 'openSubmit' || main.action === 'edit'
            ? false
            : acts.verifying,
      onClick: () => {
        if (main.action === 'edit') void navigate(href.editQuest(quest.id), { state: EDIT_FROM_QUEST });
        else if (main.action === 'participate') acts.startParticipating();
        else if (main.action === 'openSubmit') changeTab('submit');
        else {
          setTab('submit');
          if (main.action === 'verifyMembership') acts.verifyMembership();
          else acts.verifyCompletion();
        }
      },
    },
  );

  const joinCard = (
    <JoinCard quest={quest} viewerId={viewerId} joining={acts.joining} onParticipate={acts.startParticipating} />
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-8 md:px-6">
      <BackBar action={isCreator ? undefined : <ReportButton targetType="quest" targetId={quest.id} />} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="flex min-w-0 flex-col gap-5">
          <HiddenByStaffNotice moderation={quest.moderation} what="quest" />
          <QuestHeader quest={quest} title={title} productName={productName} />
          <QuestMedia quest={quest} />

          <div className="flex flex-col gap-3 lg:hidden">
            <QuestSideCards quest={quest} productName={productName} />
            {joinCard}
          </div>

          {celebrating ? <RewardCelebration reward={quest.reward_amount} /> : null}

          <Tabs value={tab} onValueChange={changeTab}>
            <TabsList className="flex w-full">
              <TabsTrigger value="overview">Quest Overview</TabsTrigger>
              {isCreator ? (
                // The creator cannot take part, so their second tab is the review of others' proof.
                <TabsTrigger value="submissions">
                  <span className="truncate">Submissions</span>
                  {quest.pending_review_count > 0 ? (
                    <>
                      <Badge className="ml-1.5 shrink-0" aria-hidden="true">
                        {quest.pending_review_count}
                      </Badge>
                      <span className="sr-only">, {quest.pending_review_count} pending</span>
                    </>
                  ) : null}
                </TabsTrigger>
              ) : (
                <TabsTrigger value="submit" disabled={!participation} className="disabled:opacity-50">
                  <span className="truncate">{secondTabLabel(participation)}</span>
                </TabsTrigger>
              )}
            </TabsList>
            <TabsContent value="overview" className="flex flex-col gap-5">
              <QuestOverview quest={quest} />
            </TabsContent>
            <TabsContent value="submit">
              {participation ? (
                <Card>
                  <CardContent className="flex flex-col gap-4">
                    <SubmitTab
                      quest={quest}
                      submitting={acts.submitting}
                      onSubmitProof={acts.doSubmitProof}
                      proofErrors={acts.proofErrors}
                      verifying={acts.verifying}
                      verifyNote={acts.verifyNote}
                      onVerifyMembership={acts.verifyMembership}
                      onVerifyCompletion={acts.verifyCompletion}
                    />
                  </CardContent>
                </Card>
              ) : null}
            </TabsContent>
            {isCreator ? (
              <TabsContent value="submissions">
                <SubmissionsPanel questId={quest.id} />
              </TabsContent>
            ) : null}
          </Tabs>
        </div>

        <aside className="hidden flex-col gap-3 lg:sticky lg:top-20 lg:flex lg:self-start" aria-label="Quest summary">
          <QuestSideCards quest={quest} productName={productName} />
          {joinCard}
        </aside>
      </div>
      {quest.task_type === 'join' ? (
        <JoinChannelDialog
          quest={quest}
          open={acts.joinDialogOpen}
          onOpenChange={acts.setJoinDialogOpen}
          joining={acts.joining}
          onJoin={acts.doParticipate}
        />
      ) : null}
    </div>
  );
}
