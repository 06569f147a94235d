import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A small icon-only row action with an accessible name. */
export function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}

/**
 * A row's icon actions, right-aligned and three to a line, so a row with many actions stays
 * narrow enough for the whole table to fit a 1280-pixel screen.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="ml-auto flex w-26 flex-wrap justify-end gap-0.5">{children}</div>;
}
