import type { Client } from '@patrol/contracts';
import { formatBusinessDate } from '@/lib/company-time';
import { useNavigate } from 'react-router-dom';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TruncatedText,
} from '@/components/ui/table';
import { ClientRowActions } from '@/features/clients/components/client-row-actions';
import { SortHeader } from '@/components/sort-header';
import type { ClientListParams } from '@/lib/query-keys';
import { ActiveBadge } from '@/components/status-badge';

type SortField = ClientListParams['sortBy'];

type ClientsTableProps = {
  clients: Client[];
  params: ClientListParams;
  onSort: (field: SortField) => void;
};

/** The client directory rows: a click (or Enter) opens the client. */
export function ClientsTable({ clients, params, onSort }: ClientsTableProps) {
  const navigate = useNavigate();
  const open = (client: Client) =>
    void navigate(`/clients/${encodeURIComponent(client.companyId)}`);

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <SortHeader
            label="Company"
            active={params.sortBy === 'companyName'}
            order={params.sortOrder}
            onSort={() => onSort('companyName')}
          />
          <TableHead>Contact</TableHead>
          <TableHead className="hidden lg:table-cell">Location</TableHead>
          <TableHead numeric>Licences</TableHead>
          <TableHead>Status</TableHead>
          <SortHeader
            label="Joined"
            active={params.sortBy === 'createdAt'}
            order={params.sortOrder}
            onSort={() => onSort('createdAt')}
          />
          <TableHead className="w-12">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {clients.length === 0 ? (
          <TableRow>
            <TableCell colSpan={7} className="h-24 text-center text-muted-foreground">
              No results found.
            </TableCell>
          </TableRow>
        ) : (
          clients.map((client) => (
            <TableRow
              key={client.id}
              tabIndex={0}
              className="cursor-pointer"
              onClick={() => open(client)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') open(client);
              }}
            >
              <TableCell>
                <div className="font-medium">{client.companyName}</div>
                <div className="text-xs text-muted-foreground">{client.companyId}</div>
              </TableCell>
              <TableCell>
                <div>{client.email}</div>
                <div className="text-xs text-muted-foreground">{client.phone}</div>
              </TableCell>
              <TableCell className="hidden lg:table-cell">
                <TruncatedText className="max-w-64" text={client.address} />
              </TableCell>
              <TableCell numeric>{client.licenceCount}</TableCell>
              <TableCell>
                <ActiveBadge active={client.active} />
              </TableCell>
              <TableCell className="tabular-nums">{formatBusinessDate(client.createdAt)}</TableCell>
              <TableCell>
                <ClientRowActions client={client} />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
