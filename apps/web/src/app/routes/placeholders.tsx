/** Screens of later issues: a "coming soon" page inside the layout. One small lazy chunk for all. */
import { useParams } from 'react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';

export function PerkPage() {
  const { id } = useParams();
  return <ComingSoonPage title="Perk" description={`Perk details (${id ?? ''}) are coming soon.`} />;
}

export function WalletPage() {
  return <ComingSoonPage title="Wallet" description="Your balance history and transfers are coming soon." />;
}
