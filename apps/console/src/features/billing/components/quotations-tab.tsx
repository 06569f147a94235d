import { quotationStatuses, type Quotation, type QuotationStatus } from '@patrol/contracts';
import {
  formatMoney,
  hasPermission,
  isQuotationDeletable,
  isQuotationEditable,
  quotationShareMessage,
} from '@patrol/domain';
import { formatBusinessDate } from '@/lib/company-time';
import { useDownloadCycle } from '@/lib/download';
import { EyeIcon, PencilIcon, PlusIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { StatusBadge } from '@/components/status-badge';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import {
  createQuotationShareLink,
  useBillingClients,
  useQuotations,
  type QuotationFilters,
} from '@/features/billing/api/quotations';
import { humanise, quotationStatusTones } from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { useAuth } from '@/lib/auth';
import { ClientNameCell } from './client-name-cell';
import {
  BillingListCard,
  billingTableClass,
  RefreshButton,
  showingCaption,
} from './billing-list-card';
import { FilterSelect } from './filter-select';
import { ConvertQuotationDialog } from './convert-quotation-dialog';
import { PdfButton, WhatsAppButton } from './document-actions';
import { IconButton, RowActions } from './icon-button';
import { QuotationDetailsDialog } from './quotation-details-dialog';
import { QuotationFormDialog } from './quotation-form-dialog';
import { QuotationWorkflowButtons } from './quotation-workflow-buttons';
import { useQuotationActions } from './use-quotation-actions';

const filterNames = ['search', 'status', 'clientId'] as const;
const allowedFilters = { status: quotationStatuses };

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'view' | 'delete' | 'close' | 'accept' | 'convert'; quotation: Quotation }
  | null;

/** The Quotations tab: list, filters, workflow buttons and the quotation dialogs. */
export function QuotationsTab() {
  const { user } = useAuth();
  const { filters, page, update } = useTabFilters(filterNames, allowedFilters);
  const [searchText, setSearchText] = useDebouncedSearch(filters.search, (search) =>
    update({ search }),
  );
  const query: QuotationFilters = {
    page,
    search: filters.search,
    status: filters.status as QuotationStatus | undefined,
    clientId: filters.clientId,
  };
  const quotations = useQuotations(query);
  const clients = useBillingClients('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = useQuotationActions(query);
  const pdf = useDownloadCycle();
  const can = {
    create: hasPermission(user, 'quotations.create'),
    edit: hasPermission(user, 'quotations.edit'),
    remove: hasPermission(user, 'quotations.delete'),
    convert: hasPermission(user, 'quotations.edit') && hasPermission(user, 'invoices.create'),
  };
  const list = quotations.data;
  const close = () => setDialog(null);

  return (
    <>
      <BillingListCard
        title="Quotations"
        caption={showingCaption(list, list?.quotations.length, 'quotations')}
        actions={
          <>
            <RefreshButton onClick={() => void quotations.refetch()} busy={quotations.isFetching} />
            {can.create && (
              <Button onClick={() => setDialog({ kind: 'create' })}>
                <PlusIcon aria-hidden="true" />
                Create Quotation
              </Button>
            )}
          </>
        }
        search={{
          label: 'Search quotations',
          placeholder: 'Quotation number or client...',
          value: searchText,
          onChange: setSearchText,
        }}
        filters={
          <>
            <FilterSelect
              label="Status"
              allLabel="All statuses"
              value={filters.status}
              options={quotationStatuses.map((value) => ({ value, label: humanise(value) }))}
              onChange={(status) => update({ status })}
            />
            <FilterSelect
              label="Client"
              allLabel="All clients"
              value={filters.clientId}
              options={(clients.data?.clients ?? []).map((client) => ({
                value: client.id,
                label: client.companyName,
              }))}
              onChange={(clientId) => update({ clientId })}
            />
          </>
        }
        state={{
          loading: !list,
          error: quotations.error,
          onRetry: () => void quotations.refetch(),
        }}
        loadingText="Loading quotations..."
        emptyText="No quotations found matching your criteria"
        isEmpty={list?.quotations.length === 0}
        pagination={list?.pagination}
        onPageChange={(next) => update({ page: next })}
      >
        <Table className={billingTableClass}>
          <TableHeader>
            <TableRow>
              <TableHead>Quotation #</TableHead>
              <TableHead>Client</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Valid Until</TableHead>
              <TableHead numeric>Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Workflow Actions</TableHead>
              <TableHead numeric>Manage</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list?.quotations.map((quotation) => (
              <TableRow key={quotation.id}>
                <TableCell className="font-mono text-xs whitespace-nowrap">
                  {quotation.quotationNumber}
                </TableCell>
                <ClientNameCell
                  companyName={quotation.clientInfo.companyName}
                  contactPerson={quotation.clientInfo.contactPerson}
                />
                <TableCell>{formatBusinessDate(quotation.quotationDate)}</TableCell>
                <TableCell>{formatBusinessDate(quotation.validUntil)}</TableCell>
                <TableCell numeric>{formatMoney(quotation.totalAmount)}</TableCell>
                <TableCell>
                  <StatusBadge
                    status={quotation.status}
                    tones={quotationStatusTones}
                    label={humanise(quotation.status)}
                  />
                </TableCell>
                <TableCell>
                  <QuotationWorkflowButtons
                    quotation={quotation}
                    canEdit={can.edit}
                    canConvert={can.convert}
                    busy={actions.isRunning}
                    onAction={(action) =>
                      action.action === 'close' ||
                      action.action === 'accept' ||
                      action.action === 'convert'
                        ? setDialog({ kind: action.action, quotation })
                        : void actions.workflow(quotation, action)
                    }
                  />
                </TableCell>
                <TableCell>
                  <RowActions>
                    <IconButton
                      label={`View ${quotation.quotationNumber}`}
                      onClick={() => setDialog({ kind: 'view', quotation })}
                    >
                      <EyeIcon />
                    </IconButton>
                    <PdfButton
                      document={{
                        kind: 'quotation',
                        id: quotation.id,
                        number: quotation.quotationNumber,
                      }}
                      state={pdf.stateOf(quotation.id)}
                      run={pdf.run}
                    />
                    <WhatsAppButton
                      kind="quotation"
                      number={quotation.quotationNumber}
                      clientName={quotation.clientInfo.companyName}
                      phone={quotation.clientInfo.phone}
                      pdfLink={() => createQuotationShareLink(quotation.id)}
                      message={(sender) =>
                        quotationShareMessage(
                          {
                            number: quotation.quotationNumber,
                            clientName: quotation.clientInfo.companyName,
                            contactPerson: quotation.clientInfo.contactPerson,
                            total: quotation.totalAmount,
                            status: quotation.status,
                            validUntil: quotation.validUntil,
                          },
                          sender,
                        )
                      }
                    />
                    {can.edit && quotation.status === 'draft' && (
                      <IconButton
                        label={`Send ${quotation.quotationNumber}`}
                        disabled={actions.isRunning(`send:${quotation.id}`)}
                        onClick={() => void actions.send(quotation)}
                      >
                        <SendIcon />
                      </IconButton>
                    )}
                    {can.edit && isQuotationEditable(quotation.status) && (
                      <IconButton
                        label={`Edit ${quotation.quotationNumber}`}
                        onClick={() => setDialog({ kind: 'edit', quotation })}
                      >
                        <PencilIcon />
                      </IconButton>
                    )}
                    {can.remove && isQuotationDeletable(quotation.status) && (
                      <IconButton
                        label={`Delete ${quotation.quotationNumber}`}
                        onClick={() => setDialog({ kind: 'delete', quotation })}
                      >
                        <Trash2Icon className="text-destructive" />
                      </IconButton>
                    )}
                  </RowActions>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </BillingListCard>
      <QuotationFormDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        quotation={dialog?.kind === 'edit' ? dialog.quotation : null}
        onOpenChange={(open) => !open && close()}
      />
      <QuotationDetailsDialog
        quotation={dialog?.kind === 'view' ? dialog.quotation : null}
        onOpenChange={(open) => !open && close()}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && close()}
        title="Delete quotation?"
        description={
          dialog?.kind === 'delete' &&
          `Are you sure you want to delete quotation ${dialog.quotation.quotationNumber}? This action cannot be undone.`
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          close();
          void actions.remove(dialog.quotation);
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'close'}
        onOpenChange={(open) => !open && close()}
        title="Close quotation permanently?"
        description={
          dialog?.kind === 'close' &&
          `Quotation ${dialog.quotation.quotationNumber} will be closed for good: a closed quotation cannot be reopened, edited or deleted.`
        }
        confirmLabel="Close Quotation"
        destructive
        onConfirm={() => {
          if (dialog?.kind !== 'close') return;
          close();
          void actions.workflow(dialog.quotation, {
            action: 'close',
            label: 'Close Quotation',
            targetStatus: 'closed',
          });
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'accept'}
        onOpenChange={(open) => !open && close()}
        title="Mark quotation accepted?"
        description={
          dialog?.kind === 'accept' &&
          `Quotation ${dialog.quotation.quotationNumber} for ${dialog.quotation.clientInfo.companyName} will be marked accepted and can then be converted to an invoice.`
        }
        confirmLabel="Mark Accepted"
        onConfirm={() => {
          if (dialog?.kind !== 'accept') return;
          close();
          void actions.workflow(dialog.quotation, {
            action: 'accept',
            label: 'Mark Accepted',
            targetStatus: 'accepted',
          });
        }}
      />
      <ConvertQuotationDialog
        quotation={dialog?.kind === 'convert' ? dialog.quotation : null}
        onOpenChange={(open) => !open && close()}
        pending={dialog?.kind === 'convert' && actions.isRunning(`convert:${dialog.quotation.id}`)}
        onSubmit={actions.convert}
      />
    </>
  );
}
