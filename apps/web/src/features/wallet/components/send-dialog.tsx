import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, isApiError } from '@/lib/api-error';
import { formatPoints } from '@/lib/format';
import { BUTTON_PRIORITY, haptic, useClosingConfirmation, useMainButton } from '@/lib/telegram';
import { notify } from '@/lib/toast';
import { useRecipientName } from '../api/get-recipient';
import { useTransfer } from '../api/transfer';
import { recipientLabel, sendAmountLabel, validateSend, type SendErrors, type SendValues } from '../lib/send-form';

/** The server's own sentence (its `detail`), else the client's message for the failure. */
function serverDetail(e: unknown): string {
  if (isApiError(e) && e.data && typeof e.data === 'object' && 'detail' in e.data) {
    const detail = (e.data as { detail?: unknown }).detail;
    if (typeof detail === 'string' && detail.trim()) return detail;
  }
  return errorMessage(e);
}

const EMPTY: SendValues = { recipient: '', amount: '', note: '' };

/** Send points to another member: form → confirmation → POST transfer (docs/product.md). */
export function SendDialog({
  open,
  onOpenChange,
  walletId,
  balance,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  walletId: string | undefined;
  balance: string | undefined;
}) {
  const [values, setValues] = useState<SendValues>(EMPTY);
  const [errors, setErrors] = useState<SendErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const recipientName = useRecipientName(confirmKey ? values.recipient : '');
  const send = useTransfer(walletId);
  const formRef = useRef<HTMLFormElement>(null);

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
    setServerError(null);
    setConfirmKey(null);
    send.reset();
  };
  const changeOpen = (next: boolean) => {
    if (!next && send.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };
  const set = (field: keyof SendValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setServerError(null);
  };

  const review = (e: FormEvent) => {
    e.preventDefault();
    const errs = validateSend(values, balance);
    setErrors(errs);
    setServerError(null);
    if (Object.keys(errs).length === 0) setConfirmKey(crypto.randomUUID());
  };

  const confirm = () => {
    if (!confirmKey) return;
    const note = values.note.trim();
    send.mutate(
      {
        body: { recipient: values.recipient.trim(), amount: values.amount.trim(), ...(note ? { note } : {}) },
        key: confirmKey,
      },
      {
        onSuccess: (res) => {
          haptic.success();
          notify.success(res.detail);
          reset();
          onOpenChange(false);
        },
        onError: (err) => {
          haptic.error();
          const fields = isApiError(err) ? err.fieldErrors : {};
          const fieldErrs: SendErrors = {};
          if (fields.recipient) fieldErrs.recipient = fields.recipient;
          if (fields.amount) fieldErrs.amount = fields.amount;
          if (fields.note) fieldErrs.note = fields.note;
          setErrors(fieldErrs);
          setServerError(Object.keys(fieldErrs).length ? null : serverDetail(err));
          setConfirmKey(null);
        },
      },
    );
  };

  // Inside Telegram its MainButton continues, then sends (the in-page duplicates hide there); closing the Mini
  // App asks first while a transfer is being filled in.
  useMainButton(
    !open
      ? null
      : confirmKey
        ? { text: send.isPending ? 'Sending...' : 'Send', loading: send.isPending, onClick: confirm }
        : { text: 'Continue', enabled: Boolean(walletId), onClick: () => formRef.current?.requestSubmit() },
    BUTTON_PRIORITY.dialog,
  );
  useClosingConfirmation(open && (Object.values(values).some((v) => v.trim() !== '') || confirmKey !== null));

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        title={confirmKey ? 'Confirm Transfer' : 'Send Points'}
        description={confirmKey ? undefined : `Available: ${balance !== undefined ? formatPoints(balance) : '…'}`}
      >
        {confirmKey ? (
          <div className="flex flex-col gap-4">
            <p className="text-[15px]" data-testid="send-confirm">
              Send {sendAmountLabel(values.amount)} to {recipientLabel(values.recipient, recipientName)}?
            </p>
            {values.note.trim() ? (
              <p className="rounded-xl bg-muted px-3 py-2 text-sm break-words text-muted-foreground">
                “{values.note.trim()}”
              </p>
            ) : null}
            <p className="text-xs text-muted-foreground">Transfers cannot be undone.</p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setConfirmKey(null)} disabled={send.isPending}>
                Back
              </Button>
              <Button onClick={confirm} loading={send.isPending} className="tg-main:hidden">
                {send.isPending ? 'Sending...' : 'Send'}
              </Button>
            </div>
          </div>
        ) : (
          <form ref={formRef} className="flex flex-col gap-4" onSubmit={review} noValidate>
            {serverError ? <Alert>{serverError}</Alert> : null}
            <FormField
              label="Recipient"
              error={errors.recipient}
              hint="A username (e.g. @alice) or a member ID"
              required
            >
              <Input
                value={values.recipient}
                onChange={(e) => set('recipient')(e.target.value)}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="@username"
              />
            </FormField>
            <FormField label="Amount (W)" error={errors.amount} required>
              <Input
                value={values.amount}
                onChange={(e) => set('amount')(e.target.value)}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
              />
            </FormField>
            <FormField label="Note (optional)" error={errors.note}>
              <Textarea value={values.note} onChange={(e) => set('note')(e.target.value)} rows={2} maxLength={200} />
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!walletId} className="tg-main:hidden">
                Continue
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
