import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A label, one control, an optional hint and an error text wired with aria-describedby. */
export function FormField({
  label,
  error,
  hint,
  className,
  children,
  required,
  labelAction,
}: {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  className?: string;
  required?: boolean;
  labelAction?: ReactNode;
  children: ReactElement<FieldControlProps>;
}) {
  const autoId = useId();
  const id = (isValidElement(children) && children.props.id) || autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-baseline gap-0.5">
          <Label htmlFor={id}>{label}</Label>
          {required ? (
            <span className="text-sm text-destructive" aria-hidden="true">
              *
            </span>
          ) : null}
        </span>
        {labelAction}
      </div>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        ...(required ? { 'aria-required': true } : {}),
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
