import { FilterIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { ClientListParams } from '@/lib/query-keys';

type Status = ClientListParams['status'];

const choices: readonly { status: Status; label: string }[] = [
  { status: undefined, label: 'All clients' },
  { status: 'active', label: 'Active' },
  { status: 'inactive', label: 'Inactive' },
];

/** The client list's Filter button (spec 1 section 2.7): all, active or inactive clients. */
export function ClientStatusFilter({
  status,
  onChange,
}: {
  status: Status;
  onChange: (status: Status) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant={status ? 'secondary' : 'outline'}>
          <FilterIcon aria-hidden="true" />
          {status ? `Filter: ${status === 'active' ? 'Active' : 'Inactive'}` : 'Filter'}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Status</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {choices.map((choice) => (
          <DropdownMenuCheckboxItem
            key={choice.label}
            checked={status === choice.status}
            onCheckedChange={() => onChange(choice.status)}
          >
            {choice.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
