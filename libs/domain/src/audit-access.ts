import type { AuditEntityType, Permission } from '@patrol/contracts';
import { hasPermission, type PermissionSubject } from './permissions';

/**
 * Who reads which part of the audit trail: an entity type's changes need the permission that
 * shows the entity itself. The API filters every page by it, and the audit screen (its route,
 * its menu item and its entity filter) follows the same map, so both always agree.
 */
export const auditEntityReaders = {
  user: 'users.view',
  settings: 'settings.view',
  product: 'products.view',
  quotation: 'quotations.view',
  invoice: 'invoices.view',
  payment: 'invoices.view',
  receipt: 'invoices.view',
  credit_note: 'invoices.view',
  debit_note: 'invoices.view',
  refund_note: 'invoices.view',
  crash_report: 'crashes.view',
  ota_version: 'ota.view',
  client: 'clients.view',
  licence: 'clients.view',
  einvoice: 'invoices.view',
  session: 'users.view',
} as const satisfies Record<AuditEntityType, Permission>;

/** Any of these opens the audit trail (GET /api/audit, its export, the /audit screen). */
export const auditReadPermissions: readonly Permission[] = [
  ...new Set(Object.values(auditEntityReaders)),
];

/** The entity types whose changes `reader` may see, in the contract's order. */
export function visibleAuditEntityTypes<T extends AuditEntityType>(
  reader: PermissionSubject | null | undefined,
  types: readonly T[],
): T[] {
  return types.filter((type) => hasPermission(reader, auditEntityReaders[type]));
}
