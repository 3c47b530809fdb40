import { useId } from 'react';
import { cn } from '@/lib/cn';

/** The Wyn mark and optional wordmark. */
export function Logo({
  className,
  withWordmark = true,
  name = 'Wyn',
}: {
  className?: string;
  withWordmark?: boolean;
  name?: string;
}) {
  const gradientId = `wyn-logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#5b3df5" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="18" fill={`url(#${gradientId})`} />
        <path d="M14 20h7.2l4.6 17.4L31 20h6l5.2 17.4L46.8 20H54l-8.6 26h-6.6L34 29.6 29.2 46h-6.6z" fill="#fff" />
      </svg>
      {withWordmark ? (
        <span className="text-xl font-extrabold tracking-tight">{name}</span>
      ) : (
        <span className="sr-only">{name}</span>
      )}
    </span>
  );
}
