import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';
import { pressable, touchTarget } from './touch';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link' | 'telegram';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

// Every size offers a tap area of at least 44 × 44 px (touchTarget) and shows when it is pressed.
const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-xl font-semibold ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-55 ' +
  `aria-disabled:pointer-events-none aria-disabled:opacity-55 select-none ${pressable} ${touchTarget}`;

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground shadow-sm shadow-primary/25 hover:bg-primary/90 active:bg-primary/85',
  secondary:
    'bg-primary-soft text-primary hover:bg-primary-soft/70 active:bg-primary/20 dark:text-foreground dark:active:bg-primary/30',
  outline: 'border border-input bg-card text-foreground hover:bg-muted active:bg-border',
  ghost: 'text-foreground hover:bg-muted active:bg-border',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90 active:bg-destructive/80',
  link: 'text-primary underline-offset-4 hover:underline active:opacity-70 px-0 h-auto',
  // Telegram's blue, a shade deeper so its white text reads (5:1).
  telegram: 'bg-[#0b74b5] text-white shadow-sm shadow-[#0b74b5]/30 hover:bg-[#0a679f] active:bg-[#095a8c]',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-5 text-base',
  icon: 'size-10 rounded-full',
};

/** Class names of a button, for links styled as buttons. */
export function buttonVariants({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], variant === 'link' ? '' : sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, loading = false, className, children, disabled, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonVariants({ variant, size, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner className="size-4" /> : null}
      {children}
    </button>
  );
});
