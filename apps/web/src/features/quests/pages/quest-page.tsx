import { PageErrorCard } from '@/components/error-state';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '@/components/avatar';
import { QuestTypeIcon } from '@/components/cards/type-icons';
import { ArrowLeftIcon, ClipboardCheckIcon, ExternalLinkIcon, HashIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { href } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-error';
import { formatRelativeTime, isAppPath, isHttpUrl } from '@/lib/format';
import { QUEST_TYPE_LABELS, UNTITLED_QUEST } from '@/lib/labels';
import { useProductName } from '@/lib/queries/app-config';
import { useCurrentUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useQuest } from '../api/get-quest';
import { questKeys } from '../api/keys';
import { useParticipate } from '../api/participate';
import { useSubmitProof } from '../api/submit-proof';
import { useVerifyCompletion } from '../api/verify-completion';
import { useVerifyMembership } from '../api/verify-membership';
import { JoinCard } from '../components/join-card';
import { QuestActions } from '../components/quest-actions';
import { ChannelVerifyPanel, JoinChannelDialog } from '../components/join-channel-dialog';
import { ProofForm } from '../components/proof-form';
import { QuestSideCards } from '../components/quest-side-cards';
import { SubmissionsPanel } from '../components/submissions-panel';
import { QUEST_MSG, secondTabLabel } from '../lib/participation';
import { questActionLink } from '../lib/quest-links';
import type { MembershipResult, QuestDetail } from '../types';

type Tab = 'overview' | 'submit' | 'submissions';
type ResultNote = { tone: 'success' | 'error' | 'info'; text: string } | null;

const VIDEO_RE = /\.(mp4|webm|mov|avi)(\?|$)/i;

export default function QuestPage() {
  const { id = '' } = useParams();
  const quest = useQuest(id);
  useDocumentTitle(quest.data?.title || 'Quest');

  if (quest.isPending) return <QuestSkeleton />;
  if (quest.isError) return <QuestError error={quest.error} onRetry={() => void quest.refetch()} />;
  return <QuestView quest={quest.data} />;
}

function QuestView({ quest }: { quest: QuestDetail }) {
  const productName = useProductName();
  const viewer = useCurrentUser();
  const viewerId = viewer?.id ?? null;
  const qc = useQueryClient();
  const isCreator = quest.is_creator || (viewerId !== null && quest.creator === viewerId);
  // A creator with submissions waiting lands on them; everyone else starts with the overview.
  const [tab, setTab] = useState<Tab>(isCreator && quest.pending_review_count > 0 ? 'submissions' : 'overview');
  const [joinDialogOpen, setJoinDialogOpen] = useState(false);
  const [verifyNote, setVerifyNote] = useState<ResultNote>(null);
  const participate = useParticipate(quest.id);
  const verifyMembership = useVerifyMembership(quest.id);
  const verifyCompletion = useVerifyCompletion(quest.id);
  const submitProof = useSubmitProof(quest.id);

  const participation = quest.my_participation;
  const title = quest.title?.trim() || UNTITLED_QUEST;
  const action = questActionLink(quest);

  const doParticipate = () => {
    participate.mutate(undefined, {
      onSuccess: (p) => {
        qc.setQueryData<QuestDetail>(questKeys.detail(quest.id), (q) =>
          q ? { ...q, my_participation: p, current_participants: q.current_participants + 1 } : q,
        );
        notify.success(QUEST_MSG.joined);
        setJoinDialogOpen(false);
        setTab('submit');
      },
      onError: (e) => {
        if (isApiError(e) && e.status === 409) {
          notify.info(QUEST_MSG.alreadyJoined);
          setJoinDialogOpen(false);
          setTab('submit');
          return;
        }
        notify.error(errorMessage(e, QUEST_MSG.joinFailed));
      },
    });
  };

  const onVerified = (res: MembershipResult) => {
    if (res.verification_status === 'approved') {
      const text = res.message?.trim() || QUEST_MSG.verifyApproved;
      setVerifyNote({ tone: 'success', text });
      notify.success(text);
    } else if (res.verification_status === 'rejected' || !res.is_member) {
      const text = res.message?.trim() || QUEST_MSG.verifyFailed;
      setVerifyNote({ tone: 'error', text });
      notify.error(text);
    } else {
      setVerifyNote({ tone: 'info', text: QUEST_MSG.verifyPending });
      notify.info(QUEST_MSG.verifyPending);
    }
  };
  const onVerifyError = (e: unknown) => {
    const text = errorMessage(e, QUEST_MSG.verifyError);
    setVerifyNote({ tone: 'error', text });
    notify.error(text);
  };

  const [proofErrors, setProofErrors] = useState<{ text?: string; image?: string }>({});
  const doSubmitProof = (text: string, image: File | null) => {
    setProofErrors({});
    submitProof.mutate(
      { text, image, data: { verification_type: quest.task_type } },
      {
        onSuccess: () => notify.success(QUEST_MSG.proofSubmitted),
        onError: (e) => {
          if (isApiError(e)) {
            const f = e.fieldErrors;
            const errs: { text?: string; image?: string } = {};
            if (f.proof_text) errs.text = f.proof_text;
            if (f.proof_image) errs.image = f.proof_image;
            setProofErrors(errs);
          }
          notify.error(errorMessage(e, QUEST_MSG.proofFailed));
        },
      },
    );
  };

  const joinCard = (
    <JoinCard
      quest={quest}
      viewerId={viewerId}
      joining={participate.isPending}
      onParticipate={() => (quest.task_type === 'join' ? setJoinDialogOpen(true) : doParticipate())}
    />
  );

  const media = quest.media && (isHttpUrl(quest.media) || isAppPath(quest.media)) ? quest.media : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-8 md:px-6">
      <BackBar />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="flex min-w-0 flex-col gap-5">
          <header className="flex flex-col gap-3">
            <div className="flex items-start gap-3">
              <QuestTypeIcon type={quest.task_type} />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-muted-foreground">
                  {QUEST_TYPE_LABELS[quest.task_type] ?? 'Quest'}
                </p>
                <h1 className="text-2xl leading-tight font-bold tracking-tight break-words">{title}</h1>
              </div>
            </div>
            {quest.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                {quest.tags.map((t) => (
                  <li key={t.id}>
                    <Badge variant="secondary">
                      <HashIcon className="size-3" />
                      {t.name}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
              {quest.creator ? (
                <Link
                  to={href.profile(quest.creator)}
                  className="flex min-w-0 items-center gap-2 rounded-full font-medium text-foreground hover:text-primary"
                >
                  <Avatar src={quest.creator_avatar} name={quest.creator_name} className="size-7" />
                  <span className="truncate">{quest.creator_name || 'Creator'}</span>
                </Link>
              ) : (
                <span className="font-medium text-foreground">{quest.creator_name || productName}</span>
              )}
              <span aria-hidden="true">·</span>
              <time dateTime={quest.created_at} className="shrink-0">
                {formatRelativeTime(quest.created_at)}
              </time>
            </div>
            <QuestActions quest={quest} title={title} />
          </header>

          {media ? (
            VIDEO_RE.test(media) ? (
              <video
                src={media}
                controls
                playsInline
                className="aspect-video w-full rounded-2xl bg-black object-contain"
              />
            ) : (
              <img src={media} alt="" className="aspect-video w-full rounded-2xl bg-muted object-cover" />
            )
          ) : null}

          <div className="flex flex-col gap-3 lg:hidden">
            <QuestSideCards quest={quest} productName={productName} />
            {joinCard}
          </div>

          <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
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
              <section>
                <h2 className="mb-1.5 font-semibold">Description</h2>
                <p className="text-[15px] leading-relaxed break-words whitespace-pre-line">{quest.description}</p>
              </section>
              <section>
                <h2 className="mb-1.5 font-semibold">Requirements</h2>
                <p className="text-[15px] break-words whitespace-pre-line text-muted-foreground">
                  {quest.participation_requirements?.trim() || QUEST_MSG.noRequirements}
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
                <a
                  href={action.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonVariants({ variant: 'outline', className: 'self-start' })}
                >
                  {action.label} <ExternalLinkIcon className="size-4" />
                </a>
              ) : null}
            </TabsContent>
            <TabsContent value="submit">
              {participation ? (
                <Card>
                  <CardContent className="flex flex-col gap-4">
                    <SubmitTab
                      quest={quest}
                      submitting={submitProof.isPending}
                      onSubmitProof={doSubmitProof}
                      proofErrors={proofErrors}
                      verifying={verifyMembership.isPending || verifyCompletion.isPending}
                      verifyNote={verifyNote}
                      onVerifyMembership={() =>
                        verifyMembership.mutate(undefined, { onSuccess: onVerified, onError: onVerifyError })
                      }
                      onVerifyCompletion={() =>
                        verifyCompletion.mutate(undefined, { onSuccess: onVerified, onError: onVerifyError })
                      }
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
          open={joinDialogOpen}
          onOpenChange={setJoinDialogOpen}
          joining={participate.isPending}
          onJoin={doParticipate}
        />
      ) : null}
    </div>
  );
}

function SubmitTab({
  quest,
  submitting,
  onSubmitProof,
  proofErrors,
  verifying,
  verifyNote,
  onVerifyMembership,
  onVerifyCompletion,
}: {
  quest: QuestDetail;
  submitting: boolean;
  onSubmitProof: (text: string, image: File | null) => void;
  proofErrors: { text?: string; image?: string };
  verifying: boolean;
  verifyNote: ResultNote;
  onVerifyMembership: () => void;
  onVerifyCompletion: () => void;
}) {
  const p = quest.my_participation;
  if (!p) return null;
  const status = p.verification_status;
  const action = questActionLink(quest);

  if (status === 'approved') {
    return (
      <div className="flex flex-col gap-2 text-sm" data-testid="completion-details">
        <p className="font-semibold text-success">Quest completed — reward paid.</p>
        {p.completion_date ? <p>Completed {new Date(p.completion_date).toLocaleString()}</p> : null}
        {p.verified_date ? (
          <p className="text-muted-foreground">Verified {formatRelativeTime(p.verified_date)}</p>
        ) : null}
        <ProofSummary text={p.proof_text} image={p.proof_image} />
      </div>
    );
  }
  if (status === 'pending') {
    return (
      <div className="flex flex-col gap-2 text-sm">
        <p className="font-semibold">Your submission is under review.</p>
        <p className="text-muted-foreground">
          {p.submitted_at ? `Submitted ${formatRelativeTime(p.submitted_at)}. ` : ''}The creator will approve or reject
          it soon.
        </p>
        <ProofSummary text={p.proof_text} image={p.proof_image} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {status === 'rejected' ? (
        <Alert title="Submission Rejected">
          <span className="block break-words whitespace-pre-line" data-testid="rejection-reason">
            {p.rejection_reason?.trim() || 'The creator rejected your submission.'}
          </span>
          <span className="mt-1 block">You can fix it and submit again.</span>
        </Alert>
      ) : null}
      {quest.task_type === 'join' ? (
        <ChannelVerifyPanel quest={quest} verifying={verifying} onVerify={onVerifyMembership} result={verifyNote} />
      ) : quest.verification_mode === 'automatic' ? (
        <div className="flex flex-col gap-3">
          {action ? (
            <a href={action.href} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'lg' })}>
              {action.label} <ExternalLinkIcon className="size-4" />
            </a>
          ) : null}
          <Button variant="outline" size="lg" onClick={onVerifyCompletion} loading={verifying}>
            Check completion
          </Button>
          {verifyNote ? (
            <p role="status" className="text-sm">
              {verifyNote.text}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          {action ? (
            <a
              href={action.href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline', className: 'self-start' })}
            >
              {action.label} <ExternalLinkIcon className="size-4" />
            </a>
          ) : null}
          <ProofForm submitting={submitting} onSubmit={onSubmitProof} fieldErrors={proofErrors} />
        </>
      )}
    </div>
  );
}

function ProofSummary({ text, image }: { text: string | null; image: string | null }) {
  if (!text && !image) return null;
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-xl bg-muted p-3">
      {text ? <p className="break-words whitespace-pre-line">{text}</p> : null}
      {image && (isHttpUrl(image) || isAppPath(image)) ? (
        <img src={image} alt="Your proof" className="max-h-60 rounded-lg object-contain" />
      ) : null}
    </div>
  );
}

function BackBar() {
  const navigate = useNavigate();
  return (
    <div className="flex h-14 items-center pt-2">
      <Button variant="ghost" size="sm" className="-ml-2" onClick={() => void navigate(-1)}>
        <ArrowLeftIcon className="size-4" /> Back
      </Button>
    </div>
  );
}

function QuestError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const navigate = useNavigate();
  const status = isApiError(error) ? error.status : 0;
  const message =
    status === 404 || status === 400 ? QUEST_MSG.notFound : status === 403 ? QUEST_MSG.forbidden : QUEST_MSG.loadFailed;
  return (
    <PageErrorCard title={message}>
      <Button variant="outline" onClick={() => void navigate(-1)}>
        Go Back
      </Button>
      <Link to={href.browseQuests()} className={buttonVariants({ variant: 'outline' })}>
        Browse Quests
      </Link>
      <Button onClick={onRetry}>Try Again</Button>
    </PageErrorCard>
  );
}

function QuestSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-8 md:px-6" aria-busy="true" aria-label="Loading quest">
      <div className="h-14" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-2xl" />
            <Skeleton className="h-8 flex-1" />
          </div>
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="aspect-video w-full rounded-2xl" />
          <Skeleton className="h-24 w-full" />
        </div>
        <div className="flex flex-col gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      </div>
    </div>
  );
}
