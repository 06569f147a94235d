import {
  consoleActions,
  permissionLabels,
  type Client,
  type ConsoleActionName,
} from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
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
import { useAuth } from '@/lib/auth';

const messages = {
  statusFailed: 'Failed to update client status. Please try again.',
  deleteFailed: 'Failed to delete client. Please try again.',
  deleted: 'Client deleted successfully',
};

function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 ? error.message : fallback;
}

/** A refusal in words, shown inside the dialog (permissions may have changed since the page loaded). */
function refusalMessage(error: unknown, action: ConsoleActionName, fallback: string): string {
  if (error instanceof ApiError && error.status === 403) {
    return `You are no longer allowed to ${permissionLabels[consoleActions[action].permission].toLowerCase()}. Ask an administrator for this permission.`;
  }
  return serverMessage(error, fallback);
}

function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {message}
    </p>
  );
}

/**
 * The row menu of the client table: Edit Client, Activate/Deactivate, Delete Client, each only for
 * a user the API would let do it; no menu at all for a user who may do none of them.
 */
export function ClientRowActions({ client }: { client: Client }) {
  const { user } = useAuth();
  const canEdit = canPerform(user, 'editClient');
  const canSetStatus = canPerform(user, 'setClientStatus');
  const canDelete = canPerform(user, 'deleteClient');
  const navigate = useNavigate();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
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
        onError: (error) => {
          const message = refusalMessage(error, 'setClientStatus', messages.statusFailed);
          if (confirmingDeactivate) setRefusal(message);
          else toast.error(message);
        },
      },
    );
  };

  const confirmDelete = () => {
    deleteClient.mutate(client.companyId, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(messages.deleted, { id: `client-deleted-${client.companyId}` });
      },
      onError: (error) => setRefusal(refusalMessage(error, 'deleteClient', messages.deleteFailed)),
    });
  };

  if (!canEdit && !canSetStatus && !canDelete) return null;

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
          {canEdit && (
            <DropdownMenuItem
              onSelect={() =>
                void navigate(`/clients/edit/${encodeURIComponent(client.companyId)}`)
              }
            >
              <PencilIcon aria-hidden="true" />
              Edit Client
            </DropdownMenuItem>
          )}
          {canSetStatus && (
            <DropdownMenuItem
              disabled={setStatus.isPending}
              // Activating is harmless; deactivating suspends the client's devices, so it asks first.
              onSelect={client.active ? () => setConfirmingDeactivate(true) : toggleStatus}
            >
              <PowerIcon aria-hidden="true" />
              {client.active ? 'Deactivate' : 'Activate'}
            </DropdownMenuItem>
          )}
          {canDelete && (
            <>
              {(canEdit || canSetStatus) && <DropdownMenuSeparator />}
              <DropdownMenuItem variant="destructive" onSelect={() => setConfirmingDelete(true)}>
                <Trash2Icon aria-hidden="true" />
                Delete Client
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirmingDeactivate}
        onOpenChange={(open) => {
          setConfirmingDeactivate(open);
          setRefusal(null);
        }}
        title={`Deactivate client ${client.companyName}?`}
        description={`${client.companyName} (${client.companyId}) will be marked inactive and its devices will read their licences as suspended until it is activated again.`}
        confirmLabel="Deactivate"
        destructive
        pending={setStatus.isPending}
        onConfirm={toggleStatus}
      >
        <Refusal message={refusal} />
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(open) => {
          setConfirmingDelete(open);
          setRefusal(null);
        }}
        title={`Delete client ${client.companyName}?`}
        description={`${client.companyName} (${client.companyId}) and all of its ${client.licenceCount} licences will be removed permanently. This cannot be undone.`}
        confirmLabel="Delete Client"
        destructive
        pending={deleteClient.isPending}
        onConfirm={confirmDelete}
      >
        <Refusal message={refusal} />
      </ConfirmDialog>
    </div>
  );
}
