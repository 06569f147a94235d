import type { ConsoleActionName } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { permittedActions, roleTemplateUsers } from '@/test/role-users';
import { signInAs } from '@/test/test-utils';
import { BillingPage } from './billing-page';
import {
  awaitingInvoice,
  invoiceAnswers,
  billingProduct,
  billingQuotations,
  listAnswer,
  offeredActions,
  unpaidInvoice,
} from './billing-test-data';
import { InvoicesTab } from './invoices-tab';
import { ProductsTab } from './products-tab';
import { QuotationsTab } from './quotations-tab';
import { ExportButton } from './report-section';

// Each control a billing screen may offer and the API action behind it (consoleActions): a role
// is offered exactly the controls whose routes it may call, so no visible action answers 403.

const productActions: Record<string, ConsoleActionName> = {
  'Add Product': 'createProduct',
  'Edit Patrol licence': 'editProduct',
  'Delete Patrol licence': 'deleteProduct',
};

const quotationActions: Record<string, ConsoleActionName> = {
  'Create Quotation': 'createQuotation',
  'Send QUO-MP-2026-000001': 'sendQuotation',
  'Edit QUO-MP-2026-000001': 'editQuotation',
  'Delete QUO-MP-2026-000001': 'deleteQuotation',
  'Mark Accepted': 'setQuotationStatus',
  'Mark Rejected': 'setQuotationStatus',
  'Convert to Invoice': 'convertQuotation',
};

const invoiceActions: Record<string, ConsoleActionName> = {
  'Process payment for INV-MP-2026-000002': 'processPayment',
  'Validate payment for INV-MP-2026-000001': 'validatePayment',
  'Reject payment for INV-MP-2026-000001': 'rejectPayment',
  'Send INV-MP-2026-000001': 'sendInvoice',
  'Revert INV-MP-2026-000001 to quotation': 'revertInvoice',
};

/** The actions inside an invoice's details: notes, and each pending payment's review. */
const invoiceDetailActions: Record<string, ConsoleActionName> = {
  'Credit note': 'issueCreditNote',
  'Debit note': 'issueDebitNote',
  'Validate payment RM 1,080.00 MBB-123456': 'validatePaymentEntry',
  'Reject payment RM 1,080.00 MBB-123456': 'rejectPaymentEntry',
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('billing actions for each role template', () => {
  it.each(roleTemplateUsers)(
    '%s is offered exactly the product actions it may call',
    async (_role, user) => {
      stubApi({ 'GET /api/business/products': listAnswer('products', [billingProduct]) });
      signInAs(user);
      renderScreen(<ProductsTab />, '/billing?tab=products');
      const toggle = await screen.findByRole('switch', { name: 'Patrol licence active' });
      expect(offeredActions(productActions)).toEqual(permittedActions(user, productActions));
      expect(toggle).toHaveProperty('disabled', !canPerform(user, 'setProductStatus'));
    },
  );

  it.each(roleTemplateUsers)(
    '%s is offered exactly the quotation actions it may call',
    async (_role, user) => {
      stubApi({
        'GET /api/business/quotations': listAnswer('quotations', billingQuotations),
        'GET /api/business/clients': listAnswer('clients', []),
      });
      signInAs(user);
      renderScreen(<QuotationsTab />, '/billing?tab=quotations');
      await screen.findByText('QUO-MP-2026-000002');
      expect(offeredActions(quotationActions)).toEqual(permittedActions(user, quotationActions));
    },
  );

  it.each(roleTemplateUsers)(
    '%s is offered exactly the invoice actions it may call',
    async (_role, user) => {
      stubApi({
        ...invoiceAnswers([awaitingInvoice, unpaidInvoice]),
        'GET /api/business/credit-notes': listAnswer('notes', []),
        'GET /api/business/debit-notes': listAnswer('notes', []),
      });
      signInAs(user);
      renderScreen(<InvoicesTab />, '/billing?tab=invoices');
      await screen.findByText('INV-MP-2026-000002');
      expect(offeredActions(invoiceActions)).toEqual(permittedActions(user, invoiceActions));

      await userEvent.click(screen.getByRole('button', { name: 'View INV-MP-2026-000001' }));
      await screen.findByRole('dialog', { name: 'Invoice Details' });
      expect(offeredActions(invoiceDetailActions)).toEqual(
        permittedActions(user, invoiceDetailActions),
      );
    },
  );

  it.each(roleTemplateUsers)(
    '%s sees the Reports tab and Export only when it may call them',
    (_role, user) => {
      stubApi({});
      signInAs(user);
      const { unmount } = renderScreen(<BillingPage />, '/billing?tab=reports');
      const reportsTab = screen.queryByRole('tab', { name: 'Reports' });
      expect(reportsTab !== null).toBe(canPerform(user, 'viewReports'));
      unmount();
      renderScreen(<ExportButton type="financial" period={{ dateRange: 'month' }} />);
      expect(screen.queryByRole('button', { name: 'Export' }) !== null).toBe(
        canPerform(user, 'exportReport'),
      );
    },
  );
});
