import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { formatPoints } from '@/lib/format';
import { repairConfirmText } from '../lib/streak-text';

/**
 * The streak repair confirmation. Its own module, loaded when the offer shows, so Radix's dialog stays out of
 * the initial bundle (docs/performance.md).
 */
export default function RepairStreakDialog({
  cost,
  missedDay,
  pending,
  onClose,
  onConfirm,
}: {
  cost: string;
  missedDay: string | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent title="Repair your streak?" description={repairConfirmText(cost, missedDay)}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} loading={pending}>
            Pay {formatPoints(cost)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
