import { TableCell } from '@/components/ui/table';

/**
 * A billing row's client: the company over its contact person. Wide enough that a company name
 * breaks at most once beside the lists' unbreakable numbers, dates and buttons.
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
      <div className="min-w-32">
        <div className="font-medium">{companyName}</div>
        {contactPerson && <div className="text-xs text-muted-foreground">{contactPerson}</div>}
      </div>
    </TableCell>
  );
}
