import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

type CodeInputProps = Omit<ComponentProps<'input'>, 'onChange' | 'value' | 'maxLength'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Longest code accepted; anything past it, and every non-digit, is dropped as typed. */
  maxLength: number;
};

/** A one-time code field that keeps digits only (spec 1 section 5). */
export function CodeInput({ value, onValueChange, maxLength, ...props }: CodeInputProps) {
  return (
    <Input
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, maxLength))}
      maxLength={maxLength}
      inputMode="numeric"
      autoComplete="one-time-code"
      className="font-mono tracking-widest"
    />
  );
}
