import { useEffect, useState } from 'react';
import { MSG, QUEST_MSG } from '@wyn/contract';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { href } from '@/config/paths';
import {
  DetailsStep,
  questChanges,
  questEditLimits,
  questEscrowChange,
  questToForm,
  ReviewStep,
  useMediaUpload,
  validateQuestEdit,
  WizardFrame,
  type FieldErrors,
  type QuestForm,
} from '@/features/create';
import { errorMessage, isApiError } from '@/lib/api-error';
import { useMyWallet } from '@/lib/queries/my-wallet';
import { useCurrentUser } from '@/lib/session';
import { haptic, useClosingConfirmation } from '@/lib/telegram';
import { notify, useToastScope } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useQuestForEdit, useUpdateQuest } from '../api/update-quest';
import type { EditQuestLinkState } from '../lib/quest-links';
import type { QuestDetail } from '../types';

/** The wizard's steps as the edit screen shows them: the type is fixed, so it starts on Details. */
const EDIT_STEP_LABELS = ['Quest', 'Quest Type', 'Details', 'Review & Save'] as const;
const DETAILS = 2;
const REVIEW = 3;

/** react-router's history position (0 on the first screen of this visit). */
function historyIndex(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

/** /edit-quest/{id}: the create wizard filled in from the quest, saving with PATCH (docs/product.md). */
export default function EditQuestPage() {
  useDocumentTitle('Edit Quest');
  useToastScope();
  const { id = '' } = useParams();
  const quest = useQuestForEdit(id);
  const viewerId = useCurrentUser()?.id ?? null;

  let body;
  if (quest.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading quest" />
      </div>
    );
  } else if (quest.isError) {
    const status = isApiError(quest.error) ? quest.error.status : 0;
    body =
      status === 403 ? (
        <ErrorState description={MSG.forbidden} actionLabel="Back to quest" actionHref={href.quest(id)} />
      ) : status === 404 || status === 400 ? (
        <ErrorState
          title="Quest Not Found"
          description={QUEST_MSG.notFound}
          actionLabel="Browse Quests"
          actionHref={href.browseQuests()}
        />
      ) : (
        <ErrorState
          title="Couldn't load the quest."
          description={errorMessage(quest.error)}
          actionLabel="Try again"
          onAction={() => void quest.refetch()}
        />
      );
  } else if (!(quest.data.is_creator || (viewerId !== null && quest.data.creator === viewerId))) {
    body = (
      <ErrorState
        title="You can't edit this quest"
        description={QUEST_MSG.notCreator}
        actionLabel="Back to quest"
        actionHref={href.quest(id)}
      />
    );
  } else {
    body = <EditQuestForm key={quest.data.id} quest={quest.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-8 md:px-6">
      <PageHeader title="Edit Quest" />
      {body}
    </div>
  );
}

function EditQuestForm({ quest }: { quest: QuestDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [initial] = useState<QuestForm>(() => questToForm(quest));
  const [form, setForm] = useState<QuestForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState(DETAILS);
  const [error, setError] = useState<string | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const media = useMediaUpload();
  const update = useUpdateQuest();
  const wallet = useMyWallet();
  // The quest as it is now (it refreshes while the screen is open): places taken and status decide the rules.
  const limits = questEditLimits(quest);

  const mediaUrl = media.state.status === 'success' ? media.state.url : null;
  const changes = questChanges(initial, form, mediaUrl, removeMedia);
  // Inside Telegram, closing asks first while changes are unsaved.
  useClosingConfirmation(media.state.status !== 'idle' || Object.keys(changes).length > 0);

  // After a failed Next, focus the first invalid field.
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick === 0) return;
    const el = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
  }, [focusTick]);

  /** Back to the quest: a step back in the history when its Edit Quest brought us here, else to its screen. */
  const leave = () => {
    const fromQuest = (location.state as EditQuestLinkState | null)?.fromQuest === true;
    if (fromQuest && historyIndex() > 0) void navigate(-1);
    else void navigate(href.quest(quest.id), { replace: true });
  };

  const setField = <K extends keyof QuestForm>(key: K, value: QuestForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    setError(null);
  };

  const goNext = () => {
    const r = validateQuestEdit(initial, form, limits);
    setErrors(r.errors);
    if (!r.ok) {
      if (r.message) notify.error(r.message);
      setFocusTick((t) => t + 1);
      return;
    }
    setStep(REVIEW);
    window.scrollTo?.({ top: 0 });
  };

  const goBack = () => {
    setErrors({});
    setError(null);
    if (step <= DETAILS) leave();
    else setStep(DETAILS);
  };

  const save = () => {
    if (Object.keys(changes).length === 0) {
      notify.info(QUEST_MSG.noChanges);
      return;
    }
    update.mutate(
      { id: quest.id, changes },
      {
        onSuccess: () => {
          haptic.success();
          notify.success(QUEST_MSG.updated, { outlive: true });
          leave();
        },
        onError: (e) => {
          const message = !isApiError(e)
            ? errorMessage(e, QUEST_MSG.updateFailed)
            : e.status === 403
              ? QUEST_MSG.notCreator
              : e.message || QUEST_MSG.updateFailed;
          setError(message);
          haptic.error();
          notify.error(message);
        },
      },
    );
  };

  const uploading = media.state.status === 'uploading';
  return (
    <WizardFrame
      step={step}
      labels={EDIT_STEP_LABELS}
      title={step === REVIEW ? 'Review & Save' : 'Details'}
      onBack={goBack}
      onNext={goNext}
      onSubmit={save}
      submitting={update.isPending}
      submitDisabled={update.isPending || uploading}
      submitLabel={update.isPending ? 'Saving…' : 'Save Changes'}
      uploading={uploading}
    >
      {step === DETAILS ? (
        <DetailsStep
          form={form}
          errors={errors}
          update={setField}
          media={media.state}
          onPickMedia={(f) => {
            setRemoveMedia(false);
            void media.upload(f);
          }}
          onClearMedia={media.clear}
          edit={{
            ...limits,
            currentMedia: quest.media,
            removeMedia,
            onRemoveMediaChange: (remove) => {
              setRemoveMedia(remove);
              setError(null);
            },
            initialDeadline: initial.deadline,
          }}
        />
      ) : (
        <ReviewStep
          form={form}
          media={media.state}
          balance={wallet.data?.balance}
          botVerified
          error={error}
          edit={{
            currentMedia: quest.media,
            removeMedia,
            escrow: questEscrowChange(initial, form, limits.joined),
          }}
        />
      )}
    </WizardFrame>
  );
}
