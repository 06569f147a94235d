import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A small icon-only row action with an accessible name. */
export function IconButton({
  label,
  onClick,
  disabled,
  disabledReason,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** Why the action is unavailable: disables it, shown on hover and read by screen readers. */
  disabledReason?: string | null;
  children: ReactNode;
}) {
  const reasonId = useId();
  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      aria-describedby={disabledReason ? reasonId : undefined}
      title={label}
      onClick={onClick}
      disabled={disabled || Boolean(disabledReason)}
    >
      {children}
    </Button>
  );
  if (!disabledReason) return button;
  // A disabled button takes no pointer events, so the wrapper carries the hover text.
  return (
    <span title={disabledReason} className="inline-flex">
      {button}
      <span id={reasonId} className="sr-only">
        {disabledReason}
      </span>
    </span>
  );
}

/**
 * A row's icon actions, right-aligned and two to a line, so a row with many actions stays narrow
 * enough for a nine-column billing table to fit a 1280-pixel screen whatever its amounts.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="ml-auto flex w-17 flex-wrap justify-end gap-0.5">{children}</div>;
}
