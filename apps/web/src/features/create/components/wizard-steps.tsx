import { CheckIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

export const STEP_LABELS = ['Create Type', 'Quest Type', 'Details', 'Review & Submit'] as const;

/** The four-step indicator; labels collapse to numbers on narrow screens except the current one. */
export function WizardSteps({ step, labels }: { step: number; labels: readonly string[] }) {
  return (
    <ol className="flex items-center gap-1.5" aria-label="Progress">
      {labels.map((label, i) => {
        const done = i < step;
        const current = i === step;
        return (
          <li
            key={label}
            className={cn('flex min-w-0 items-center gap-1.5', current ? 'flex-auto md:flex-none' : 'flex-none')}
          >
            <span
              aria-current={current ? 'step' : undefined}
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                done && 'bg-primary text-primary-foreground',
                current && 'bg-primary text-primary-foreground ring-4 ring-primary/20',
                !done && !current && 'bg-muted text-muted-foreground',
              )}
            >
              {done ? <CheckIcon className="size-4" /> : i + 1}
              <span className="sr-only">
                {' '}
                {label}
                {done ? ' (done)' : ''}
              </span>
            </span>
            <span
              className={cn('truncate text-sm', current ? 'font-semibold' : 'hidden text-muted-foreground md:inline')}
              aria-hidden="true"
            >
              {label}
            </span>
            {i < labels.length - 1 ? (
              <span
                aria-hidden="true"
                className={cn('h-0.5 w-4 shrink-0 rounded-full', done ? 'bg-primary' : 'bg-border')}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
