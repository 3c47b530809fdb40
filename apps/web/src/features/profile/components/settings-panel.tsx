import * as RadioGroup from '@radix-ui/react-radio-group';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { themes, type Theme, type UpdateSettingsRequest, type UserSettings } from '@wyn/contract';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { updateUserSettings, useUserSettings } from '@/lib/queries/user-settings';
import { queryKeys } from '@/lib/query-client';
import { accountCache } from '@/lib/session';
import { haptic } from '@/lib/telegram';
import { profileDetailKey } from '../api/get-profile';
import { Select } from '@/components/ui/select';
import { deviceTimeZone } from '@/features/streak';
import { EmailChangeRow } from './email-change-row';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * E-mail (changed with a code sent to the new address), theme, notifications and private profile (docs/product.md). A change shows at once (the theme provider reads
 * the same cached settings) and is put back if saving fails; the API client toasts the failure.
 */
export function SettingsPanel({ profileId }: { profileId: string }) {
  const settings = useUserSettings();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (body: UpdateSettingsRequest) => updateUserSettings(body),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: queryKeys.settings });
      const before = qc.getQueryData<UserSettings>(queryKeys.settings);
      if (before) qc.setQueryData<UserSettings>(queryKeys.settings, { ...before, ...body });
      return { before };
    },
    onError: (_e, _body, ctx) => {
      if (ctx?.before) qc.setQueryData(queryKeys.settings, ctx.before);
    },
    onSuccess: (saved, body) => {
      accountCache.setSettings(saved);
      qc.setQueryData(queryKeys.settings, saved);
      if (body.private_profile !== undefined) {
        void qc.invalidateQueries({ queryKey: profileDetailKey(profileId) });
        void qc.invalidateQueries({ queryKey: queryKeys.myProfile });
      }
    },
  });
  const s = settings.data;
  const themeLabelId = useId();
  const reminderHourId = useId();

  return (
    <Card data-testid="settings-panel">
      <CardHeader>
        <CardTitle className="text-base">Settings</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <EmailChangeRow />
        {!s ? (
          settings.isError ? (
            <p className="text-sm text-muted-foreground">Could not load settings.</p>
          ) : (
            <>
              <Skeleton className="h-10" />
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
            </>
          )
        ) : (
          <>
            <div className="flex flex-col gap-2">
              <span id={themeLabelId} className="text-sm font-medium">
                Theme
              </span>
              {/* Radix gives the keyboard behaviour of a radio group: arrows move and choose, Tab stops on
                  the chosen theme only. */}
              <RadioGroup.Root
                value={s.theme}
                onValueChange={(t) => {
                  if (t === s.theme) return;
                  haptic.selection();
                  save.mutate({ theme: t as Theme });
                }}
                aria-labelledby={themeLabelId}
                loop
                className="grid grid-cols-3 gap-1 rounded-xl bg-muted p-1"
              >
                {themes.map((t) => (
                  <RadioGroup.Item
                    key={t}
                    value={t}
                    className={cn(
                      'relative touch-target h-9 rounded-lg text-sm font-medium text-muted-foreground transition-colors hover:text-foreground active:bg-card/60',
                      'focus-visible:outline-2 focus-visible:outline-ring',
                      'data-[state=checked]:bg-card data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
                    )}
                  >
                    {THEME_LABELS[t]}
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </div>
            <Toggle
              label="Notifications"
              hint="Get notified about follows, messages and rewards."
              checked={s.notifications_enabled}
              onChange={(v) => save.mutate({ notifications_enabled: v })}
            />
            <Toggle
              label="Private profile"
              hint="Others see only your name, picture and counts."
              checked={s.private_profile}
              onChange={(v) => save.mutate({ private_profile: v })}
            />
            <Toggle
              label="Streak reminders"
              hint={`A bot message when you have not checked in by the hour you pick (${s.timezone.replace(/_/g, ' ')} time).`}
              checked={s.streak_reminders}
              // The hour means the device's local time: its timezone goes along when reminders are turned on.
              onChange={(v) => {
                const tz = deviceTimeZone();
                save.mutate({ streak_reminders: v, ...(v && tz ? { timezone: tz } : {}) });
              }}
            />
            {s.streak_reminders ? (
              <div className="flex items-center justify-between gap-4">
                <label htmlFor={reminderHourId} className="text-sm font-medium">
                  Remind me at
                </label>
                <Select
                  id={reminderHourId}
                  value={s.reminder_hour}
                  onChange={(e) => save.mutate({ reminder_hour: Number(e.target.value) })}
                  className="w-28"
                >
                  {Array.from({ length: 24 }, (_, h) => (
                    <option key={h} value={h}>
                      {String(h).padStart(2, '0')}:00
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Toggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="block text-sm font-medium">
          {label}
        </span>
        <span id={`${id}-hint`} className="block text-xs text-muted-foreground">
          {hint}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onClick={() => {
          haptic.impact('light');
          onChange(!checked);
        }}
        className={cn(
          'relative touch-target inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          checked ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}
