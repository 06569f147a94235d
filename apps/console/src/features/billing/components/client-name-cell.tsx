import { TableCell } from '@/components/ui/table';

/**
 * A billing row's client: the company over its contact person. The one column of a billing list
 * that gives way: the numbers, dates, badges and buttons beside it never break, so at 1280 px the
 * company name wraps (down to 6rem) rather than push the actions out of sight.
 */
export function ClientNameCell({
  companyName,
  contactPerson,
}: {
  companyName: string;
  contactPerson?: string;
}) {
  return (
    <TableCell>
      <div className="min-w-24">
        <div className="font-medium">{companyName}</div>
        {contactPerson && <div className="text-xs text-muted-foreground">{contactPerson}</div>}
      </div>
    </TableCell>
  );
}
