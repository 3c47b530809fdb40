import { cn } from '@/lib/cn';

/** The one signal that says something happened faster than a person could; shown in the warning tone. */
const isFastProof = (s: string) => s.startsWith('Proof sent');

/**
 * What the server knows about the member who sent a submission (issue #16 item 12), each a plain sentence:
 * account age, level, Telegram details, approvals and referrals in the last day, proof sent within seconds.
 * Never a score: the creator reads them and decides.
 */
export function SubmissionSignals({ signals, name }: { signals: readonly string[] | undefined; name: string }) {
  if (!signals?.length) return null;
  return (
    <ul aria-label={`About ${name}`} className="flex flex-wrap gap-1.5" data-testid="submission-signals">
      {signals.map((s) => (
        <li
          key={s}
          className={cn(
            'rounded-full px-2.5 py-1 text-xs',
            isFastProof(s) ? 'bg-accent-soft font-medium text-accent-foreground' : 'bg-muted text-muted-foreground',
          )}
        >
          {s}
        </li>
      ))}
    </ul>
  );
}
