import { useState } from 'react';
import { MSG, type PerkDetail } from '@wyn/contract';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { href, paths } from '@/config/paths';
import {
  PERK_FORM_MSG,
  PerkWizard,
  perkChanges,
  perkCreateErrorMessage,
  perkToForm,
  useMediaUpload,
  type PerkForm,
} from '@/features/create';
import { errorMessage, isApiError } from '@/lib/api-error';
import { haptic, useClosingConfirmation } from '@/lib/telegram';
import { notify, useToastScope } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePerkForEdit, useUpdatePerk } from '../api/update-perk';

/** /edit-perk/{id}: the create wizard filled in from the perk, saving with PATCH (docs/product.md). */
export default function EditPerkPage() {
  useDocumentTitle('Edit Perk');
  useToastScope();
  const { id = '' } = useParams();
  const perk = usePerkForEdit(id);

  let body;
  if (perk.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading perk" />
      </div>
    );
  } else if (perk.isError) {
    const status = isApiError(perk.error) ? perk.error.status : 0;
    body =
      status === 403 ? (
        <ErrorState description={MSG.forbidden} actionLabel="Manage Perks" actionHref={paths.managePerks} />
      ) : status === 404 || status === 400 ? (
        <ErrorState
          title="Perk Not Found"
          description="The requested perk could not be found."
          actionLabel="Manage Perks"
          actionHref={paths.managePerks}
        />
      ) : (
        <ErrorState
          title="Couldn't load perk details."
          description={errorMessage(perk.error)}
          actionLabel="Try again"
          onAction={() => void perk.refetch()}
        />
      );
  } else if (!perk.data.is_creator) {
    body = <ErrorState description={MSG.forbidden} actionLabel="Back to perk" actionHref={href.perk(id)} />;
  } else {
    body = <EditPerkForm key={perk.data.id} perk={perk.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-8 md:px-6">
      <PageHeader title="Edit Perk" />
      {body}
    </div>
  );
}

function EditPerkForm({ perk }: { perk: PerkDetail }) {
  const navigate = useNavigate();
  const [initial] = useState<PerkForm>(() => perkToForm(perk));
  const [form, setForm] = useState<PerkForm>(initial);
  const [step, setStep] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const media = useMediaUpload();
  const exclusive = useMediaUpload('exclusive');
  const update = useUpdatePerk();
  // Inside Telegram, closing asks first while changes are unsaved.
  const mediaUrl = media.state.status === 'success' ? media.state.url : null;
  useClosingConfirmation(
    exclusive.state.status !== 'idle' || Object.keys(perkChanges(initial, form, mediaUrl)).length > 0,
  );

  const save = (values: PerkForm) => {
    const mediaUrl = media.state.status === 'success' ? media.state.url : null;
    const changes = perkChanges(initial, values, mediaUrl);
    if (Object.keys(changes).length === 0) {
      notify.info(PERK_FORM_MSG.noChanges);
      return;
    }
    update.mutate(
      { id: perk.id, changes },
      {
        onSuccess: () => {
          haptic.success();
          notify.success(PERK_FORM_MSG.updated, { outlive: true });
          void navigate(href.perk(perk.id));
        },
        onError: (e) => {
          const message = !isApiError(e)
            ? errorMessage(e, PERK_FORM_MSG.updateFailed)
            : e.status === 403
              ? MSG.forbidden
              : e.kind === 'http'
                ? perkCreateErrorMessage(e.data, e.message || PERK_FORM_MSG.updateFailed)
                : e.message || PERK_FORM_MSG.updateFailed;
          setError(message);
          haptic.error();
          notify.error(message);
        },
      },
    );
  };

  return (
    <PerkWizard
      step={step}
      setStep={setStep}
      form={form}
      setForm={setForm}
      media={media}
      exclusive={exclusive}
      onSubmit={save}
      submitting={update.isPending}
      submitError={error}
      setSubmitError={setError}
      onExit={() => void navigate(href.perk(perk.id))}
      editing
      initialDeadline={initial.deadline}
      currentMedia={perk.media}
    />
  );
}
