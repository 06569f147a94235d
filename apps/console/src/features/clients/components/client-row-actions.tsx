import type { Client } from '@patrol/contracts';
import { MoreHorizontalIcon, PencilIcon, PowerIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useDeleteClient } from '@/features/clients/api/delete-client';
import { useSetClientStatus } from '@/features/clients/api/set-client-status';
import { ApiError } from '@/lib/api-client';

const messages = {
  statusFailed: 'Failed to update client status. Please try again.',
  deleteFailed: 'Failed to delete client. Please try again.',
  deleted: 'Client deleted successfully',
};

function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 ? error.message : fallback;
}

/** The row menu of the client table: Edit Client, Activate/Deactivate, Delete Client. */
export function ClientRowActions({ client }: { client: Client }) {
  const navigate = useNavigate();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);
  const setStatus = useSetClientStatus();
  const deleteClient = useDeleteClient();

  const toggleStatus = () => {
    const active = !client.active;
    setStatus.mutate(
      { id: client.id, active },
      {
        onSuccess: () => {
          setConfirmingDeactivate(false);
          toast.success(`Client ${active ? 'activated' : 'deactivated'} successfully`);
        },
        onError: (error) => toast.error(serverMessage(error, messages.statusFailed)),
      },
    );
  };

  const confirmDelete = () => {
    deleteClient.mutate(client.companyId, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(messages.deleted, { id: `client-deleted-${client.companyId}` });
      },
      onError: (error) => toast.error(serverMessage(error, messages.deleteFailed)),
    });
  };

  return (
    // The row itself opens the client; clicks inside the menu must not reach it.
    <div
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${client.companyName}`}>
            <MoreHorizontalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => void navigate(`/clients/edit/${encodeURIComponent(client.companyId)}`)}
          >
            <PencilIcon aria-hidden="true" />
            Edit Client
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={setStatus.isPending}
            // Activating is harmless; deactivating suspends the client's devices, so it asks first.
            onSelect={client.active ? () => setConfirmingDeactivate(true) : toggleStatus}
          >
            <PowerIcon aria-hidden="true" />
            {client.active ? 'Deactivate' : 'Activate'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirmingDelete(true)}>
            <Trash2Icon aria-hidden="true" />
            Delete Client
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirmingDeactivate}
        onOpenChange={setConfirmingDeactivate}
        title={`Deactivate client ${client.companyName}?`}
        description={`${client.companyName} (${client.companyId}) will be marked inactive and its devices will read their licences as suspended until it is activated again.`}
        confirmLabel="Deactivate"
        destructive
        pending={setStatus.isPending}
        onConfirm={toggleStatus}
      />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={`Delete client ${client.companyName}?`}
        description={`${client.companyName} (${client.companyId}) and all of its ${client.licenceCount} licences will be removed permanently. This cannot be undone.`}
        confirmLabel="Delete Client"
        destructive
        pending={deleteClient.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
