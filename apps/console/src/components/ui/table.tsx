import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type TableProps = ComponentProps<'table'> & {
  /** Classes for the scrolling container; give it a max height to keep the header in view. */
  containerClassName?: string;
};

/** A data table whose header row sticks to the top of its scrolling container. */
function Table({ className, containerClassName, ...props }: TableProps) {
  return (
    <div
      data-slot="table-container"
      className={cn('relative w-full overflow-auto', containerClassName)}
    >
      <table
        data-slot="table"
        className={cn('w-full caption-bottom border-separate border-spacing-0 text-sm', className)}
        {...props}
      />
    </div>
  );
}

function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn('sticky top-0 z-10 bg-background [&_th]:border-b', className)}
      {...props}
    />
  );
}

function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn('[&_tr:last-child_td]:border-0', className)}
      {...props}
    />
  );
}

function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('bg-muted/50 font-medium [&_td]:border-t', className)}
      {...props}
    />
  );
}

function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        'transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted [&_td]:border-b',
        className,
      )}
      {...props}
    />
  );
}

type CellProps = {
  /** Numbers and money: right-aligned with tabular figures so digits line up. */
  numeric?: boolean;
};

function TableHead({ className, numeric, ...props }: ComponentProps<'th'> & CellProps) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
        numeric && 'text-right',
        className,
      )}
      {...props}
    />
  );
}

function TableCell({ className, numeric, ...props }: ComponentProps<'td'> & CellProps) {
  return (
    <td
      data-slot="table-cell"
      className={cn(
        'px-3 py-2.5 align-middle',
        numeric && 'text-right whitespace-nowrap tabular-nums',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A cell's text cut to one line with an ellipsis at the width `className` gives (max-w-*), the
 * whole text on hover. A table cell ignores max-width (CSS leaves it undefined), so the limit
 * sits on this block inside it: a long value cannot widen its column.
 */
function TruncatedText({
  text,
  className,
}: {
  text: string | null | undefined;
  className: string;
}) {
  return (
    <div className={cn('truncate', className)} title={text ?? undefined}>
      {text}
    </div>
  );
}

function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-3 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
  TruncatedText,
};
