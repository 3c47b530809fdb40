import { EyeOffIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

type Moderation = { hidden: boolean; reason: string | null } | undefined;

/**
 * What the owner of content hidden by staff sees on it (issue #15 item 4): others get a 404, the owner keeps the
 * page, marked, with the reason, so they know why members no longer find it.
 */
export function HiddenByStaffNotice({ moderation, what }: { moderation: Moderation; what: string }) {
  if (!moderation?.hidden) return null;
  return (
    <Alert title={`Hidden by staff: members can't see this ${what}`} data-testid="hidden-by-staff">
      {moderation.reason ? `Reason: ${moderation.reason}` : 'No reason was given.'} Only you see it now.
    </Alert>
  );
}

/**
 * The mark on a card of the owner's own lists (Manage Perks, the own profile's created quests and perks) when staff
 * hid the item: "Hidden", with the reason for screen readers and on hover (the item's page shows it in full).
 */
export function HiddenByStaffBadge({ moderation, className }: { moderation: Moderation; className?: string }) {
  if (!moderation?.hidden) return null;
  const reason = moderation.reason ? `Hidden by staff: ${moderation.reason}` : 'Hidden by staff';
  return (
    <Badge className={cn('bg-destructive-soft text-destructive', className)} title={reason} data-testid="hidden-badge">
      <EyeOffIcon className="size-3.5" />
      <span aria-hidden="true">Hidden</span>
      <span className="sr-only">{reason}</span>
    </Badge>
  );
}
