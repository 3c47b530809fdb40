import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from './input';

type IdentifierInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** A username, e-mail or phone field: the password manager's username slot, no capitals or spelling fixes. */
export const IdentifierInput = forwardRef<HTMLInputElement, IdentifierInputProps>(function IdentifierInput(
  { value, onValueChange, ...props },
  ref,
) {
  return (
    <Input
      ref={ref}
      name="identifier"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@example.com"
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      {...props}
    />
  );
});
