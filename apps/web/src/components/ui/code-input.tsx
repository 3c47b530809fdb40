import { forwardRef, type InputHTMLAttributes } from 'react';
import { LIMITS } from '@wyn/contract';
import { cn } from '@/lib/cn';
import { Input } from './input';

type CodeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  /** Receives the digits only: anything else typed or pasted is dropped. */
  onValueChange: (digits: string) => void;
};

/** A one-time code field: digits only, the code's length, the phone's one-time-code autofill. */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { value, onValueChange, className, ...props },
  ref,
) {
  return (
    <Input
      ref={ref}
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={LIMITS.otpLength}
      placeholder="123456"
      value={value}
      onChange={(e) => onValueChange(e.target.value.replace(/\D/g, ''))}
      className={cn('text-center font-mono text-xl tracking-[0.5em] placeholder:tracking-[0.5em]', className)}
      {...props}
    />
  );
});
