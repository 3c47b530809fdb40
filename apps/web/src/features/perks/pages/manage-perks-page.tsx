import { useState } from 'react';
import type { MyPerk } from '@wyn/contract';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { GiftIcon, PlusIcon, RefreshIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage, isApiError, extractMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeletePerk } from '../api/delete-perk';
import { useMyPerks } from '../api/get-my-perks';
import { useUpdatePerk } from '../api/update-perk';
import { ManagePerkCard } from '../components/manage-perk-card';
import { applyMediaFixes, MANAGE_MSG, mediaFixFailure, planMediaFixes } from '../lib/manage-perks';

export default function ManagePerksPage() {
  useDocumentTitle(MANAGE_MSG.heading);
  const perks = useMyPerks();
  const remove = useDeletePerk();
  const update = useUpdatePerk();
  const [pending, setPending] = useState<MyPerk | null>(null);
  const [fixing, setFixing] = useState(false);

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        notify.success(MANAGE_MSG.deleted);
        setPending(null);
      },
      onError: (e) => {
        const detail = isApiError(e) ? extractMessage(e.data) : null;
        notify.error(detail || MANAGE_MSG.deleteFailed);
      },
    });
  };

  const fixMedia = async () => {
    setFixing(true);
    notify.info(MANAGE_MSG.checking);
    try {
      const list = perks.data ?? (await perks.refetch()).data ?? [];
      const outcome = await applyMediaFixes(
        planMediaFixes(list),
        (fix) => update.mutateAsync({ id: fix.id, changes: { exclusive_content: fix.exclusive_content } }),
        (e) => errorMessage(e),
      );
      if (outcome.fixed > 0) notify.success(MANAGE_MSG.fixed(outcome.fixed));
      if (outcome.failed > 0) notify.error(MANAGE_MSG.fixError(mediaFixFailure(outcome)));
      if (outcome.fixed === 0 && outcome.failed === 0) notify.info(MANAGE_MSG.nothingToFix);
    } catch (e) {
      notify.error(MANAGE_MSG.fixError(errorMessage(e)));
    } finally {
      setFixing(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pb-8 md:px-6">
      <PageHeader title={MANAGE_MSG.heading} />
      <div className="mt-2 mb-5 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button variant="outline" onClick={() => void fixMedia()} loading={fixing} disabled={fixing || perks.isPending}>
          <RefreshIcon className="size-4 shrink-0" /> Fix Media Issues
        </Button>
        <Link to={paths.create} className={buttonVariants({})}>
          <PlusIcon className="size-4 shrink-0" /> Create New Perk
        </Link>
      </div>

      {perks.isPending ? (
        <div
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy="true"
          aria-label="Loading perks"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80 rounded-2xl" />
          ))}
        </div>
      ) : perks.isError ? (
        <ErrorState
          title={MANAGE_MSG.errorTitle}
          description={MANAGE_MSG.errorDescription}
          actionLabel={MANAGE_MSG.retry}
          onAction={() => void perks.refetch()}
        />
      ) : perks.data.length === 0 ? (
        <EmptyState
          icon={<GiftIcon className="size-6" />}
          title={MANAGE_MSG.emptyTitle}
          description="Offer invites, codes, events or exclusive content that members buy with W."
          actionLabel={MANAGE_MSG.emptyAction}
          actionHref={paths.create}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {perks.data.map((perk) => (
            <li key={perk.id} className="flex min-w-0">
              <ManagePerkCard perk={perk} onDelete={setPending} />
            </li>
          ))}
        </ul>
      )}

      <Dialog open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
        {pending ? (
          <DialogContent title={MANAGE_MSG.confirmTitle} description={MANAGE_MSG.confirmText}>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setPending(null)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button variant="destructive" onClick={confirmDelete} loading={remove.isPending}>
                Delete
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
