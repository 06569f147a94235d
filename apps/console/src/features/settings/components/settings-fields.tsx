import type { CompanySettings } from '@patrol/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useController, type FieldPathByValue } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';

type TextPath = FieldPathByValue<CompanySettings, string>;
type NumberPath = FieldPathByValue<CompanySettings, number>;
type BooleanPath = FieldPathByValue<CompanySettings, boolean>;

type FieldShellProps = {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
};

function FieldShell({ id, label, hint, error, className, children }: FieldShellProps) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: ReactNode, error: string | undefined) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

type TextFieldProps = {
  name: TextPath;
  label: string;
  /** The input rule applied as the user types. */
  sanitize?: (value: string) => string;
  hint?: ReactNode;
  multiline?: boolean;
  className?: string;
  maxLength?: number;
  type?: 'text' | 'email' | 'tel' | 'url';
  placeholder?: string;
};

/** A settings text field; `sanitize` applies the spec's input rule on every keystroke. */
export function SettingsTextField({
  name,
  label,
  sanitize = (value) => value,
  hint,
  multiline = false,
  className,
  maxLength,
  type = 'text',
  placeholder,
}: TextFieldProps) {
  const id = useId();
  const { field, fieldState } = useController<CompanySettings, TextPath>({ name });
  const error = fieldState.error?.message;
  const shared = {
    id,
    name: field.name,
    value: field.value,
    ref: field.ref,
    onBlur: field.onBlur,
    maxLength,
    placeholder,
    'aria-invalid': !!error,
    'aria-describedby': describedBy(id, hint, error),
  };
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      {multiline ? (
        <Textarea
          {...shared}
          rows={3}
          onChange={(event) => field.onChange(sanitize(event.target.value))}
        />
      ) : (
        <Input
          {...shared}
          type={type}
          onChange={(event) => field.onChange(sanitize(event.target.value))}
        />
      )}
    </FieldShell>
  );
}

type NumberFieldProps = {
  name: NumberPath;
  label: string;
  /** Turns the typed text into the stored number, with the spec's fallback. */
  parse: (text: string) => number;
  min: number;
  max?: number;
  step?: number;
  hint?: ReactNode;
};

/**
 * A settings number field. The form holds the number with its fallback at once (so the preview
 * follows the typing); the box keeps the typed text until it loses focus, so a value can be
 * cleared and retyped.
 */
export function SettingsNumberField({
  name,
  label,
  parse,
  min,
  max,
  step = 1,
  hint,
}: NumberFieldProps) {
  const id = useId();
  const { field, fieldState } = useController<CompanySettings, NumberPath>({ name });
  const [text, setText] = useState(String(field.value));
  const [editing, setEditing] = useState(false);
  const error = fieldState.error?.message;

  useEffect(() => {
    if (!editing) setText(String(field.value));
  }, [field.value, editing]);

  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        name={field.name}
        ref={field.ref}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={text}
        aria-invalid={!!error}
        aria-describedby={describedBy(id, hint, error)}
        className="tabular-nums"
        onFocus={() => setEditing(true)}
        onChange={(event) => {
          setText(event.target.value);
          field.onChange(parse(event.target.value));
        }}
        onBlur={() => {
          setEditing(false);
          setText(String(field.value));
          field.onBlur();
        }}
      />
    </FieldShell>
  );
}

type SwitchFieldProps = { name: BooleanPath; label: string; description?: string };

/** A settings on/off option. */
export function SettingsSwitchField({ name, label, description }: SwitchFieldProps) {
  const id = useId();
  const { field } = useController<CompanySettings, BooleanPath>({ name });
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description && <p className="text-xs text-muted-foreground">{description}</p>}
      </div>
      <Switch
        id={id}
        ref={field.ref}
        name={field.name}
        checked={field.value}
        onCheckedChange={field.onChange}
        onBlur={field.onBlur}
      />
    </div>
  );
}
