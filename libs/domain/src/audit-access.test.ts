import { auditEntityTypes } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { auditReadPermissions, visibleAuditEntityTypes } from './audit-access';

describe('audit access (one policy for the API and the /audit screen)', () => {
  it('opens the trail with any permission that shows one of its entity types', () => {
    expect([...auditReadPermissions].sort()).toEqual([
      'clients.view',
      'crashes.view',
      'invoices.view',
      'ota.view',
      'products.view',
      'quotations.view',
      'settings.view',
      'users.view',
    ]);
  });

  it("shows an accountant the money's trail and nothing of users or settings", () => {
    const accounts = { role: 'accounts', permissions: ['invoices.view', 'quotations.view'] };
    expect(visibleAuditEntityTypes(accounts, auditEntityTypes)).toEqual([
      'quotation',
      'invoice',
      'payment',
      'receipt',
      'credit_note',
      'debit_note',
      'refund_note',
      'einvoice',
    ]);
  });

  it("shows a client reader the clients' and licences' trail", () => {
    const sales = { role: 'sales', permissions: ['clients.view'] };
    expect(visibleAuditEntityTypes(sales, auditEntityTypes)).toEqual(['client', 'licence']);
  });

  it('shows nothing to a reader without any of them', () => {
    expect(
      visibleAuditEntityTypes({ role: 'sales', permissions: ['dashboard.view'] }, auditEntityTypes),
    ).toEqual([]);
    expect(visibleAuditEntityTypes(null, auditEntityTypes)).toEqual([]);
  });
});
