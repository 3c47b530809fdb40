import { HiddenByStaffNotice } from '@/components/hidden-by-staff-notice';
import { PageErrorCard } from '@/components/error-state';
import { useQueryClient } from '@tanstack/react-query';
import { PERK_MSG, type PerkDetail } from '@wyn/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '@/components/avatar';
import { PerkTypeArt } from '@/components/cards/type-icons';
import { ArrowLeftIcon, ShieldIcon } from '@/components/icons';
import { MediaImage } from '@/components/media-image';
import { ShareButton } from '@/components/share-button';
import { ReportButton } from '@/features/reports';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { href } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { formatRelativeTime, isAppPath, isHttpUrl } from '@/lib/format';
import { PERK_TYPE_LABELS, UNTITLED_PERK } from '@/lib/labels';
import { IMAGE_SIZES } from '@/lib/media-srcset';
import { useMyWallet } from '@/lib/queries/my-wallet';
import { queryKeys } from '@/lib/query-client';
import { useCurrentUser } from '@/lib/session';
import { BUTTON_PRIORITY, haptic, useMainButton } from '@/lib/telegram';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { perkDetailKey, usePerk } from '../api/get-perk';
import { usePerkContent } from '../api/get-perk-content';
import { useRedeemPerk } from '../api/redeem-perk';
import { PerkDetailContent } from '../components/perk-detail-content';
import { PerkDetailSideCards } from '../components/perk-detail-side-cards';
import { CreatorCard } from '../components/creator-card';
import { RedeemCard } from '../components/redeem-card';
import {
  changedPrice,
  confirmText,
  creatorLabel,
  isOwnPerk,
  isRedeemed,
  priceChangedText,
  redeemState,
  statusText,
} from '../lib/redeem-state';

export const PERK_PAGE_MSG = {
  loadFailed: "Couldn't load perk details.",
  notFoundTitle: 'Perk Not Found',
  notFound: 'The requested perk could not be found.',
  defaultTerms: 'Redeem points to receive this perk. Check notifications for details after redemption.',
  processing: 'Processing redemption...',
  redeemed: PERK_MSG.redeemed,
  redeemFailed: 'Failed to redeem perk. Please try again later.',
} as const;

const REDEEM_TOAST_ID = 'perk-redeem';
const REFETCH_AFTER_REDEEM_MS = 1000;
const REDEEM_ERROR_TOAST_MS = 5000;

/** Server detail, else the client's sentence for the failure, else the default (docs/spec/02-explore-details-wallet-social.md §8). */
function redeemErrorMessage(e: unknown): string {
  if (isApiError(e)) {
    const data = e.data as { detail?: unknown; error?: unknown } | undefined;
    if (data && typeof data.detail === 'string' && data.detail.trim()) return data.detail;
    if (data && typeof data.error === 'string' && data.error.trim()) return data.error;
    if (e.message) return e.message;
  } else if (e instanceof Error && e.message) return e.message;
  return PERK_PAGE_MSG.redeemFailed;
}

export default function PerkPage() {
  const { id = '' } = useParams();
  const perk = usePerk(id);
  useDocumentTitle(perk.data?.title || 'Perk');

  if (perk.isPending)
    return (
      <div className="flex min-h-[60dvh] items-center justify-center">
        <Spinner className="size-8 text-primary" label="Loading perk" />
      </div>
    );
  if (perk.isError) return <PerkError error={perk.error} onRetry={() => void perk.refetch()} />;
  return <PerkView perk={perk.data} />;
}

function PerkView({ perk }: { perk: PerkDetail }) {
  const viewer = useCurrentUser();
  const viewerId = viewer?.id ?? null;
  const wallet = useMyWallet();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const redeem = useRedeemPerk(perk.id);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Set when the server refused the price the dialog showed: the dialog says so and asks again.
  const [priceChangedTo, setPriceChangedTo] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const own = isOwnPerk(perk, viewerId);
  const redeemed = isRedeemed(perk);
  const walletError = wallet.isError && wallet.data === undefined;
  const state = redeemState({
    perk,
    viewerId,
    balance: wallet.data?.balance,
    walletError,
    pending: redeem.isPending,
  });
  const needsContent = (own || redeemed) && !perk.content;
  const fallbackContent = usePerkContent(perk.id, needsContent);
  const content = perk.content ?? fallbackContent.data?.content ?? null;
  const title = perk.title?.trim() || UNTITLED_PERK;
  const media = perk.media && (isHttpUrl(perk.media) || isAppPath(perk.media)) ? perk.media : null;

  const refetchSoon = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      void qc.invalidateQueries({ queryKey: perkDetailKey(perk.id) });
      void qc.invalidateQueries({ queryKey: queryKeys.myWallet });
    }, REFETCH_AFTER_REDEEM_MS);
  };

  const doRedeem = () => {
    setConfirmOpen(false);
    notify.info(PERK_PAGE_MSG.processing, { id: REDEEM_TOAST_ID });
    // The price the dialog showed is the price the member agreed to pay.
    redeem.mutate(
      { idempotencyKey: crypto.randomUUID(), expectedCost: perk.cost_amount },
      {
        onSuccess: () => {
          setPriceChangedTo(null);
          haptic.success();
          notify.success(PERK_PAGE_MSG.redeemed, { id: REDEEM_TOAST_ID });
          refetchSoon();
        },
        onError: (e) => {
          const newCost = isApiError(e) ? changedPrice(e.data) : null;
          if (newCost) {
            haptic.warning();
            notify.info(priceChangedText(newCost), { id: REDEEM_TOAST_ID });
            qc.setQueryData<PerkDetail>(perkDetailKey(perk.id), (p) => (p ? { ...p, cost_amount: newCost } : p));
            setPriceChangedTo(newCost);
            setConfirmOpen(true);
            return;
          }
          haptic.error();
          notify.error(redeemErrorMessage(e), { id: REDEEM_TOAST_ID, duration: REDEEM_ERROR_TOAST_MS });
          refetchSoon();
        },
      },
    );
  };

  // Inside Telegram its MainButton redeems: first the price, then (dialog open) the confirmation; for the
  // perk's creator it is Edit Perk.
  useMainButton(
    own
      ? { text: 'Edit Perk', onClick: () => void navigate(href.editPerk(perk.id)) }
      : {
          text: state.label,
          enabled: state.canRedeem,
          loading: redeem.isPending,
          onClick: () => setConfirmOpen(true),
        },
  );
  useMainButton(
    confirmOpen ? { text: 'Confirm & Redeem', enabled: state.canRedeem, onClick: doRedeem } : null,
    BUTTON_PRIORITY.dialog,
  );

  const redeemCard = own ? (
    <CreatorCard perkId={perk.id} redeemedCount={perk.purchased_count} />
  ) : (
    <RedeemCard
      state={state}
      onRedeem={() => setConfirmOpen(true)}
      onRetryWallet={() => void wallet.refetch()}
      redeemedAt={perk.redeemed_at}
    />
  );
  const sideCards = (
    <PerkDetailSideCards perk={perk} balance={wallet.data?.balance} balanceLoading={wallet.isFetching} />
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-8 md:px-6">
      <BackBar
        action={
          <div className="flex items-center gap-1">
            {own ? null : <ReportButton targetType="perk" targetId={perk.id} />}
            <ShareButton variant="ghost" target={{ type: 'perk', id: perk.id, title }} />
          </div>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="flex min-w-0 flex-col gap-5">
          <HiddenByStaffNotice moderation={perk.moderation} what="perk" />
          <header className="flex flex-col gap-3">
            <div className="flex items-start gap-3">
              <PerkTypeArt type={perk.perk_type} className="size-12 shrink-0 rounded-2xl [&>svg]:size-6" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted-foreground">
                  {PERK_TYPE_LABELS[perk.perk_type] ?? 'Perk'}
                  {perk.status !== 'active' ? (
                    <Badge variant="secondary" className="capitalize">
                      {statusText(perk.status)}
                    </Badge>
                  ) : null}
                </p>
                <h1 className="text-2xl leading-tight font-bold tracking-tight break-words">{title}</h1>
              </div>
            </div>
            {perk.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                {perk.tags.map((t) => (
                  <li key={t.id}>
                    <Badge variant="secondary">#{t.name}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              {perk.creator ? (
                // The creator by name and picture (issue #14 item 14); a long name is cut with an ellipsis.
                <Link
                  to={href.profile(perk.creator)}
                  className="relative touch-target flex min-w-0 items-center gap-2 rounded-full font-medium text-foreground hover:text-primary"
                  data-testid="perk-creator"
                >
                  <Avatar src={perk.creator_avatar} name={perk.creator_name} className="size-7 text-xs" />
                  <span className="min-w-0 truncate">{perk.creator_name || creatorLabel(perk.creator)}</span>
                  {own ? <span className="shrink-0 text-muted-foreground">(you)</span> : null}
                </Link>
              ) : (
                <span className="inline-flex items-center gap-1 font-medium text-foreground" data-testid="perk-creator">
                  <ShieldIcon className="size-4 text-primary" /> Created by admin
                </span>
              )}
              <span aria-hidden="true">·</span>
              <time dateTime={perk.created_at} className="shrink-0">
                Posted {formatRelativeTime(perk.created_at)}
              </time>
            </div>
          </header>

          {media ? (
            <MediaImage
              src={media}
              sizes={IMAGE_SIZES.detailCover}
              width={1280}
              height={720}
              fetchPriority="high"
              className="aspect-video h-auto w-full rounded-2xl bg-muted object-cover"
            />
          ) : null}

          {content && (own || redeemed) ? <PerkDetailContent content={content} isCreator={own} /> : null}

          <div className="flex flex-col gap-3 lg:hidden">
            {sideCards}
            {redeemCard}
          </div>

          <section>
            <h2 className="mb-1.5 font-semibold">Description</h2>
            <p className="text-[15px] leading-relaxed break-words whitespace-pre-line">{perk.description}</p>
          </section>
          <section>
            <h2 className="mb-1.5 font-semibold">Details &amp; Terms</h2>
            <p className="text-[15px] break-words whitespace-pre-line text-muted-foreground">
              {perk.terms_and_conditions?.trim() || PERK_PAGE_MSG.defaultTerms}
            </p>
          </section>
        </div>

        <aside className="hidden flex-col gap-3 lg:sticky lg:top-20 lg:flex lg:self-start" aria-label="Perk summary">
          {sideCards}
          {redeemCard}
        </aside>
      </div>

      <Dialog
        open={confirmOpen}
        onOpenChange={(open) => {
          setConfirmOpen(open);
          if (!open) setPriceChangedTo(null);
        }}
      >
        <DialogContent title="Confirm Redemption" description={confirmText({ ...perk, title })}>
          {priceChangedTo ? (
            <p role="alert" className="text-sm font-medium text-destructive" data-testid="price-changed">
              {priceChangedText(priceChangedTo)}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={doRedeem} disabled={!state.canRedeem} className="tg-main:hidden">
              Confirm &amp; Redeem
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Goes back; on a first visit (nothing to go back to) opens the perks of Explore. */
function useBackToPerks() {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/explore?tab=perks');
  };
}

function BackBar({ action }: { action?: ReactNode }) {
  const back = useBackToPerks();
  return (
    <div className="flex h-14 items-center justify-between gap-2 pt-2">
      {/* Inside Telegram its BackButton goes back instead. */}
      <Button variant="ghost" size="sm" className="-ml-2 tg-back:invisible" onClick={back}>
        <ArrowLeftIcon className="size-4" /> Back to Perks
      </Button>
      {action}
    </div>
  );
}

function PerkError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const back = useBackToPerks();
  const status = isApiError(error) ? error.status : 0;
  const notFound = status === 404 || status === 400;
  return (
    <PageErrorCard
      title={notFound ? PERK_PAGE_MSG.notFoundTitle : PERK_PAGE_MSG.loadFailed}
      description={notFound ? PERK_PAGE_MSG.notFound : null}
    >
      <Button variant="outline" onClick={back}>
        <ArrowLeftIcon className="size-4" /> Back to Perks
      </Button>
      {notFound ? null : <Button onClick={onRetry}>Try Again</Button>}
    </PageErrorCard>
  );
}
