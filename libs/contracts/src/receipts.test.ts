import { describe, expect, it } from 'vitest';
import { listReceiptsQuerySchema, listReceiptsResponseSchema } from './receipts';
import { exampleId, examplePagination, exampleTime } from './test-support';

const receipt = {
  id: exampleId,
  receiptNumber: 'RCP-MP-2025-000001',
  invoiceNumbers: ['INV-MP-2025-000001'],
  paymentDate: '2025-06-20',
  clientId: exampleId,
  clientInfo: {
    companyName: 'Acme Security Sdn Bhd',
    contactPerson: 'Tan Wei Ming',
    email: 'ops@acme.example',
    phone: '+60 12-345 6789',
    address: '1 Jalan Ampang',
  },
  totalAmount: 2332.8,
  paymentMethod: 'bank_transfer',
  transactionType: 'full_payment',
  referenceNumber: 'MBB-123456',
  verificationCode: 'K7Q2-9XWD',
  currency: 'MYR',
  exchangeRate: 1,
  paymentAllocations: [
    {
      invoiceNumber: 'INV-MP-2025-000001',
      allocatedAmount: 2332.8,
      outstandingBefore: 2332.8,
      outstandingAfter: 0,
    },
  ],
  lineItems: [
    {
      description: 'Patrol Licence',
      quantity: 2,
      unitPrice: 1166.4,
      amount: 2332.8,
      category: 'licence',
    },
  ],
  bankDetails: {
    bankName: 'Maybank',
    accountNumber: '5140 1234 5678',
    transactionId: 'MBB-123456',
  },
  notes: '',
  auditLog: [
    {
      action: 'created',
      at: exampleTime,
      by: 'Accounts User',
      metadata: { paymentMethods: ['bank_transfer'] },
    },
  ],
  createdAt: exampleTime,
  createdBy: 'Accounts User',
  updatedAt: exampleTime,
  updatedBy: null,
};

describe('receipt contracts', () => {
  it('parses a receipt list answer with its statistics', () => {
    const statistics = { total: 1, thisMonth: 1, totalAmount: 2332.8 };
    const answer = {
      success: true,
      receipts: [receipt],
      pagination: examplePagination,
      statistics,
    };
    expect(listReceiptsResponseSchema.safeParse(answer).success).toBe(true);
  });

  it('refuses an unknown transaction type or payment method', () => {
    const answer = {
      success: true,
      receipts: [{ ...receipt, transactionType: 'gift' }],
      pagination: examplePagination,
      statistics: { total: 1, thisMonth: 1, totalAmount: 1 },
    };
    expect(listReceiptsResponseSchema.safeParse(answer).success).toBe(false);
    expect(listReceiptsQuerySchema.safeParse({ paymentMethod: 'barter' }).success).toBe(false);
  });

  it('reads receipt filters from the URL', () => {
    const query = listReceiptsQuerySchema.parse({
      paymentMethod: 'cash',
      transactionType: 'refund',
      dateRange: 'month',
      page: '3',
    });
    expect(query).toMatchObject({
      paymentMethod: 'cash',
      transactionType: 'refund',
      dateRange: 'month',
      page: 3,
    });
  });
});
