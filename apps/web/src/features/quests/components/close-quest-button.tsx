import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useCloseQuest } from '../api/close-quest';

/** Close Quest for its creator, behind a confirmation (issue #14 item 20). */
export function CloseQuestButton({ questId }: { questId: string }) {
  const [open, setOpen] = useState(false);
  const close = useCloseQuest(questId);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Close Quest
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Close this quest?"
          description="No one else can join it. What is left of its budget goes back to your wallet. This cannot be undone."
        >
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              loading={close.isPending}
              onClick={() =>
                close.mutate(undefined, {
                  onSuccess: (res) => {
                    notify.success(res.detail);
                    setOpen(false);
                  },
                  onError: (e) => notify.error(errorMessage(e)),
                })
              }
            >
              Close Quest
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
