import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type BadgeVariant = 'default' | 'secondary' | 'accent' | 'success' | 'destructive' | 'outline';

const variants: Record<BadgeVariant, string> = {
  default: 'bg-primary text-primary-foreground',
  secondary: 'bg-primary-soft text-primary dark:text-foreground',
  accent: 'bg-accent-soft text-accent-foreground',
  success: 'bg-success-soft text-success',
  destructive: 'bg-destructive text-destructive-foreground',
  outline: 'border border-border text-muted-foreground',
};

export function Badge({
  className,
  variant = 'default',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold leading-5',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
