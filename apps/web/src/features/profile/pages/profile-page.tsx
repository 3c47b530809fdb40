import { HiddenByStaffNotice } from '@/components/hidden-by-staff-notice';
import { PageErrorCard } from '@/components/error-state';
import { AVATAR_ALLOWED_TYPES, PROFILE_MSG, type ProfileDetail, type UpdateProfileRequest } from '@wyn/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ArrowLeftIcon,
  ClipboardCheckIcon,
  GiftIcon,
  ImageIcon,
  LogOutIcon,
  MessageIcon,
  ShieldIcon,
  UsersIcon,
} from '@/components/icons';
import { ShareButton } from '@/components/share-button';
import { CreatorSummary } from '@/features/analytics';
import { ReportButton } from '@/features/reports';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { href, paths } from '@/config/paths';
import { useLogout } from '@/lib/logout';
import { isApiError } from '@/lib/api-error';
import { useMyProfile } from '@/lib/queries/my-profile';
import { useCurrentUser } from '@/lib/session';
import { haptic, useClosingConfirmation, useMainButton } from '@/lib/telegram';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFollowProfile } from '../api/follow-profile';
import { useProfile } from '../api/get-profile';
import { useUnfollowProfile } from '../api/unfollow-profile';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileCard } from '../components/profile-card';
import { ProfileEditForm, type ProfileDraft } from '../components/profile-edit-form';
import { ProfileTabs } from '../components/profile-tabs';
import { SettingsPanel } from '../components/settings-panel';
import { followName, loadErrorKind, profileName, saveErrorMessage } from '../lib/profile-display';

export const PROFILE_PAGE_MSG = {
  notFound: 'Profile not found',
  serverError: 'Server error',
  loadFailed: 'Could not load profile',
  backToExplore: 'Back to Explore',
  backToHome: 'Back to Home',
} as const;

/** /profile (own) and /profile/{id}; the viewer's own id also shows the own view (docs/spec/02-explore-details-wallet-social.md §2). */
export default function ProfilePage() {
  const { id: paramId } = useParams();
  const viewer = useCurrentUser();
  const myProfile = useMyProfile();
  const viewerId = viewer?.id ?? myProfile.data?.id ?? null;
  const id = paramId ?? viewerId;
  const profile = useProfile(id);
  useDocumentTitle(profile.data ? profileName(profile.data) : 'Profile');

  if (profile.isError) return <ProfileError error={profile.error} onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <ProfileSkeleton />;
  const isOwn = profile.data.is_own || profile.data.id === viewerId;
  return <ProfileView key={profile.data.id} profile={profile.data} isOwn={isOwn} />;
}

function ProfileView({ profile, isOwn }: { profile: ProfileDetail; isOwn: boolean }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-8 md:px-6">
      <TopBar isOwn={isOwn} profile={profile} />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[360px_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="flex min-w-0 flex-col gap-3 lg:col-start-1 lg:row-start-1">
          {isOwn ? <HiddenByStaffNotice moderation={profile.moderation} what="profile" /> : null}
          {isOwn ? <OwnCard profile={profile} /> : <OtherCard profile={profile} />}
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <ProfileTabs profile={profile} isOwn={isOwn} />
        </div>
        {isOwn ? (
          <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-2">
            <SettingsPanel profileId={profile.id} />
            <InviteCard />
            <CreatorTools profile={profile} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function useBack(fallback: string) {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback);
  };
}

function TopBar({ isOwn, profile }: { isOwn: boolean; profile: ProfileDetail }) {
  const back = useBack(paths.home);
  const logout = useLogout();
  return (
    <div className="flex h-14 items-center justify-between gap-2 pt-2">
      {/* Inside Telegram its BackButton goes back instead. */}
      <Button variant="ghost" size="sm" className="-ml-2 tg-back:invisible" onClick={back}>
        <ArrowLeftIcon className="size-4" /> Back
      </Button>
      <div className="flex items-center gap-1">
        <ShareButton variant="ghost" target={{ type: 'profile', id: profile.id, title: profileName(profile) }} />
        {isOwn ? (
          <Button variant="ghost" size="sm" onClick={() => logout.mutate()} loading={logout.isPending}>
            <LogOutIcon className="size-4" /> Logout
          </Button>
        ) : (
          <ReportButton targetType="profile" targetId={profile.id} />
        )}
      </div>
    </div>
  );
}

const AVATAR_ACCEPT = AVATAR_ALLOWED_TYPES.join(',');

const draftOf = (p: ProfileDetail): ProfileDraft => ({
  first_name: p.user.first_name,
  last_name: p.user.last_name,
  username: p.user.username ?? '',
  bio: p.bio,
});

/** Own profile: Edit Profile / Save Changes, the avatar picker (picking opens edit mode with a preview). */
function OwnCard({ profile }: { profile: ProfileDetail }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile(profile.id);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const startEditing = () => {
    if (!editing) setDraft(draftOf(profile));
    setErrors({});
    setEditing(true);
  };
  const pickAvatar = (file: File | undefined) => {
    if (!file) return;
    startEditing();
    setAvatar(file);
    setPreview(URL.createObjectURL(file));
  };
  const cancel = () => {
    setEditing(false);
    setAvatar(null);
    setPreview(null);
    setErrors({});
    if (fileInput.current) fileInput.current.value = '';
  };
  const save = () => {
    const fields: UpdateProfileRequest = {
      first_name: draft.first_name.trim(),
      last_name: draft.last_name.trim(),
      bio: draft.bio.trim(),
    };
    // A username cannot be removed; an empty field leaves it as it is.
    if (draft.username.trim()) fields.username = draft.username.trim();
    update.mutate(
      { fields, avatar },
      {
        onSuccess: () => {
          haptic.success();
          notify.success(PROFILE_MSG.updated);
          cancel();
        },
        onError: (e) => {
          haptic.error();
          setErrors(isApiError(e) ? e.fieldErrors : {});
          notify.error(saveErrorMessage(e));
        },
      },
    );
  };

  // Inside Telegram: its MainButton saves while editing, and closing asks first while changes are unsaved.
  useMainButton(editing ? { text: 'Save Changes', loading: update.isPending, onClick: save } : null);
  const original = draftOf(profile);
  useClosingConfirmation(
    editing &&
      (avatar !== null || (Object.keys(original) as (keyof ProfileDraft)[]).some((k) => draft[k] !== original[k])),
  );

  const avatarAction = (
    <>
      <input
        ref={fileInput}
        type="file"
        accept={AVATAR_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-input"
        onChange={(e) => pickAvatar(e.target.files?.[0])}
      />
      <Button
        size="icon"
        variant="outline"
        className="absolute -right-1 -bottom-1 size-9 shadow-sm"
        aria-label="Change avatar"
        onClick={() => fileInput.current?.click()}
      >
        <ImageIcon className="size-4" />
      </Button>
    </>
  );

  return (
    <ProfileCard
      profile={profile}
      preview={preview}
      avatarAction={avatarAction}
      editor={editing ? <ProfileEditForm draft={draft} errors={errors} onChange={setDraft} /> : undefined}
      actions={
        editing ? (
          <div className="grid grid-cols-2 gap-2 tg-main:grid-cols-1">
            <Button variant="outline" onClick={cancel} disabled={update.isPending}>
              Cancel
            </Button>
            <Button onClick={save} loading={update.isPending} className="tg-main:hidden">
              Save Changes
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={startEditing}>
            Edit Profile
          </Button>
        )
      }
    />
  );
}

/** Another member: Follow/Unfollow (count moves at once, reverts on error) and Message. */
function OtherCard({ profile }: { profile: ProfileDetail }) {
  const follow = useFollowProfile(profile.id);
  const unfollow = useUnfollowProfile(profile.id);
  const pending = follow.isPending || unfollow.isPending;
  const name = followName(profile);

  const toggle = () => {
    haptic.impact('light');
    if (profile.is_following)
      unfollow.mutate(undefined, {
        onSuccess: () => notify.success(PROFILE_MSG.unfollowed.replace('{username}', name)),
        onError: () => notify.error(PROFILE_MSG.unfollowFailed),
      });
    else
      follow.mutate(undefined, {
        onSuccess: () => notify.success(PROFILE_MSG.followed.replace('{username}', name)),
        onError: () => notify.error(PROFILE_MSG.followFailed),
      });
  };

  return (
    <ProfileCard
      profile={profile}
      actions={
        <div className="grid grid-cols-2 gap-2">
          <Button
            variant={profile.is_following ? 'outline' : 'primary'}
            onClick={toggle}
            disabled={pending}
            aria-pressed={profile.is_following}
          >
            {profile.is_following ? 'Unfollow' : 'Follow'}
          </Button>
          <Link to={href.messagesWith(profile.id)} className={buttonVariants({ variant: 'secondary' })}>
            <MessageIcon className="size-4" /> Message
          </Link>
        </div>
      }
    />
  );
}

/** The way to the Invite screen (issue #16 item 10): the member's link and the friends it brought. */
function InviteCard() {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 pt-5">
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">Invite friends</span>
          <span className="block text-sm text-muted-foreground">Earn W when they complete their first quest.</span>
        </span>
        <Link to={paths.invite} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}>
          <UsersIcon className="size-4" /> Invite
        </Link>
      </CardContent>
    </Card>
  );
}

function CreatorTools({ profile }: { profile: ProfileDetail }) {
  // Staff also reach the operator console from here (members never see the link; the server checks anyway).
  const staff = useCurrentUser()?.is_staff === true;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Creator tools</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-2">
        {staff ? (
          <Link
            to={paths.staff}
            className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'col-span-2' })}
          >
            <ShieldIcon className="size-4" /> Staff console
          </Link>
        ) : null}
        <Link to={paths.review} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <ClipboardCheckIcon className="size-4" /> To review
        </Link>
        <Link to={paths.managePerks} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <GiftIcon className="size-4" /> Manage Perks
        </Link>
        {/* The creator's numbers (issue #15 item 13), each item linking to its analytics. */}
        <div className="col-span-2 mt-2 empty:hidden">
          <CreatorSummary quests={profile.created_tasks} perks={profile.created_perks} />
        </div>
      </CardContent>
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-8 md:px-6" aria-busy="true" data-testid="profile-skeleton">
      <span className="sr-only" role="status">
        Loading profile
      </span>
      <div className="h-14" />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[360px_minmax(0,1fr)]">
        <Card className="flex flex-col items-center gap-3 px-5 py-6">
          <Skeleton className="size-24 rounded-full" />
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-11 w-full" />
        </Card>
        <div className="flex flex-col gap-3">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      </div>
    </div>
  );
}

function ProfileError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const navigate = useNavigate();
  const kind = loadErrorKind(error);
  const title =
    kind === 'not_found'
      ? PROFILE_PAGE_MSG.notFound
      : kind === 'server'
        ? PROFILE_PAGE_MSG.serverError
        : PROFILE_PAGE_MSG.loadFailed;
  const detail = isApiError(error) && kind === 'other' ? error.message : null;
  return (
    <PageErrorCard title={title} description={detail}>
      {kind === 'not_found' ? (
        <Button onClick={() => void navigate(paths.explore)}>{PROFILE_PAGE_MSG.backToExplore}</Button>
      ) : kind === 'server' ? (
        <Button onClick={() => void navigate(paths.home)}>{PROFILE_PAGE_MSG.backToHome}</Button>
      ) : (
        <Button onClick={onRetry}>Try Again</Button>
      )}
    </PageErrorCard>
  );
}
