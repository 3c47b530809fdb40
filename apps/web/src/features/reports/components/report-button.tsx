import type { ModerationTargetType } from '@wyn/contract';
import { useId, useState } from 'react';
import { AlertCircleIcon } from '@/components/icons';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useCreateReport } from '../api/create-report';

const NOUN: Record<ModerationTargetType, string> = {
  quest: 'quest',
  perk: 'perk',
  profile: 'profile',
  message: 'message',
};

/**
 * "Report" and its dialog: the member says why, staff see it in the console's reports queue. One open report
 * per member and item, and a few per hour: the server's refusal is shown as it says it.
 */
export function ReportButton({
  targetType,
  targetId,
  variant = 'ghost',
  size = 'sm',
  iconOnly = false,
  className,
}: {
  targetType: ModerationTargetType;
  targetId: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Just the icon (e.g. beside a chat message); the label stays for screen readers. */
  iconOnly?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useCreateReport();
  const id = useId();
  const noun = NOUN[targetType];
  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  return (
    <>
      <Button
        variant={variant}
        size={iconOnly ? 'icon' : size}
        className={className}
        aria-label={`Report ${noun}`}
        onClick={() => setOpen(true)}
      >
        <AlertCircleIcon className="size-4" />
        {iconOnly ? null : 'Report'}
      </Button>
      <Dialog open={open} onOpenChange={(o) => (o ? setOpen(true) : close())}>
        {open ? (
          <DialogContent
            title={`Report this ${noun}`}
            description="Tell the club's staff what is wrong. They review every report."
          >
            <form
              className="flex flex-col gap-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!reason.trim()) return setError('Say what is wrong');
                report.mutate(
                  { target_type: targetType, target_id: targetId, reason: reason.trim() },
                  {
                    onSuccess: () => {
                      notify.success('Thanks: the staff will look at it');
                      close();
                    },
                    onError: (err) => notify.error(errorMessage(err, 'Could not send the report')),
                  },
                );
              }}
            >
              <FormField label="Reason" required error={error}>
                <Textarea
                  id={id}
                  rows={4}
                  maxLength={1000}
                  value={reason}
                  placeholder="Spam, a scam, offensive content, …"
                  onChange={(e) => setReason(e.target.value)}
                />
              </FormField>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={close} disabled={report.isPending}>
                  Cancel
                </Button>
                <Button type="submit" loading={report.isPending}>
                  Send report
                </Button>
              </div>
            </form>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
