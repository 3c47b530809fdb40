/** Screens of later issues: a "coming soon" page inside the layout. One small lazy chunk for all. */
import { useParams, useSearchParams } from 'react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { Button, buttonVariants } from '@/components/ui/button';
import { ClipboardCheckIcon, GiftIcon, LogOutIcon } from '@/components/icons';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';

export function ExplorePage() {
  return (
    <ComingSoonPage
      title="Explore"
      description="Search quests, perks and members of the community — we're putting the finishing touches on it."
    />
  );
}

export function PerkPage() {
  const { id } = useParams();
  return <ComingSoonPage title="Perk" description={`Perk details (${id ?? ''}) are coming soon.`} />;
}

export function ProfilePage() {
  const { id } = useParams();
  const logout = useLogout();
  if (id) return <ComingSoonPage title="Profile" description="Member profiles are coming soon." />;
  return (
    <ComingSoonPage title="Profile" description="Your profile, settings and activity are coming soon.">
      <Link to={paths.review} className={buttonVariants({ variant: 'secondary' })}>
        <ClipboardCheckIcon className="size-4" />
        To review
      </Link>
      <Link to={paths.managePerks} className={buttonVariants({ variant: 'secondary' })}>
        <GiftIcon className="size-4" />
        Manage Perks
      </Link>
      <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
        <LogOutIcon className="size-4" />
        Log out
      </Button>
    </ComingSoonPage>
  );
}

export function WalletPage() {
  return <ComingSoonPage title="Wallet" description="Your balance history and transfers are coming soon." />;
}

export function MessagesPage() {
  const [params] = useSearchParams();
  const user = params.get('user');
  return (
    <ComingSoonPage
      title="Messages"
      description={user ? 'Chatting with members is coming soon.' : 'Your conversations are coming soon.'}
    />
  );
}

export function NotificationsPage() {
  return <ComingSoonPage title="Notifications" />;
}
