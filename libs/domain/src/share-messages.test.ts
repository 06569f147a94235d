import { describe, expect, it } from 'vitest';
import { whatsappShareUrl } from './phone';
import {
  invoiceShareMessage,
  quotationShareMessage,
  receiptShareMessage,
  whatsappBlockedReason,
} from './share-messages';

const sender = {
  companyName: 'Patrol Provider Sdn Bhd',
  phone: '+60 3-1234 5678',
  email: 'billing@provider.test',
  bankDetails: {
    bankName: 'Maybank',
    accountNumber: '5140 1234 5678',
    accountName: 'Patrol Provider',
  },
};
const base = {
  number: 'QUO-2026-000123',
  clientName: 'Société Générale Guards',
  contactPerson: 'Muñoz',
  total: 1234.5,
};

describe('quotationShareMessage', () => {
  it('offers a live quotation with its amount and validity', () => {
    const message = quotationShareMessage(
      { ...base, status: 'sent', validUntil: '2026-12-24' },
      sender,
    );
    expect(message).toBe(
      'Hello Muñoz,\n\nPlease find quotation QUO-2026-000123 for RM 1,234.50, valid until 24/12/2026.\n\nRegards,\nPatrol Provider Sdn Bhd\n+60 3-1234 5678 | billing@provider.test',
    );
  });

  it('thanks for an accepted one and offers to renew an expired one', () => {
    expect(
      quotationShareMessage({ ...base, status: 'accepted', validUntil: '2026-12-24' }, sender),
    ).toContain('Thank you for accepting quotation QUO-2026-000123 (RM 1,234.50)');
    expect(
      quotationShareMessage({ ...base, status: 'expired', validUntil: '2026-11-01' }, sender),
    ).toContain('expired on 01/11/2026');
  });
});

describe('invoiceShareMessage', () => {
  const invoice = {
    ...base,
    number: 'INV-2026-000042',
    dueDate: '2026-12-01',
    outstanding: 234.5,
    paymentStatus: 'partial',
    paymentValidationStatus: 'none',
  };

  it('asks for payment with the outstanding amount and the bank details', () => {
    const message = invoiceShareMessage(invoice, sender);
    expect(message).toContain(
      'Please find invoice INV-2026-000042 for RM 1,234.50, due on 01/12/2026. Outstanding: RM 234.50.',
    );
    expect(message).toContain(
      'Payment by bank transfer:\nMaybank 5140 1234 5678 (Patrol Provider)',
    );
  });

  it('reminds of an overdue invoice and thanks for a validated payment', () => {
    expect(invoiceShareMessage({ ...invoice, paymentStatus: 'overdue' }, sender)).toContain(
      'A reminder that invoice INV-2026-000042 for RM 1,234.50, was due on 01/12/2026.',
    );
    const paid = invoiceShareMessage(
      { ...invoice, paymentStatus: 'paid', paymentValidationStatus: 'validated', outstanding: 0 },
      sender,
    );
    expect(paid).toContain('Thank you for your payment of invoice INV-2026-000042');
    expect(paid).not.toContain('Maybank');
  });

  it('leaves the bank lines out when the settings have none', () => {
    expect(invoiceShareMessage(invoice, { companyName: 'P' })).not.toContain('bank transfer');
  });
});

describe('receiptShareMessage', () => {
  it('gives the amount, method, date and verification code', () => {
    const message = receiptShareMessage(
      {
        ...base,
        number: 'RCP-1',
        paymentDate: '2026-11-20',
        paymentMethod: 'Bank Transfer',
        verificationCode: 'AB12CD34',
      },
      sender,
    );
    expect(message).toContain(
      'Receipt RCP-1: we received RM 1,234.50 by Bank Transfer on 20/11/2026. Verification code: AB12CD34.',
    );
  });
});

describe('the share link of a message', () => {
  it('normalises the number and encodes the text', () => {
    expect(whatsappShareUrl('012-345 6789', 'RM 1,234.50 & more\nnext')).toBe(
      'https://wa.me/60123456789?text=RM%201%2C234.50%20%26%20more%0Anext',
    );
    expect(whatsappShareUrl('(+65) 9123 4567', 'Hi')).toBe('https://wa.me/6591234567?text=Hi');
    expect(whatsappShareUrl('', 'Hi')).toBe('https://wa.me/?text=Hi');
  });
});

describe('whatsappBlockedReason', () => {
  it('says why: void, awaiting validation, or no mobile number; null when it can be shared', () => {
    const mobile = '012-345 6789';
    expect(whatsappBlockedReason({ phone: mobile })).toBeNull();
    expect(whatsappBlockedReason({ phone: mobile, isVoided: true })).toBe(
      'This invoice is void: it cannot be shared with the client',
    );
    expect(
      whatsappBlockedReason({
        phone: mobile,
        paymentStatus: 'paid',
        paymentValidationStatus: 'pending_validation',
      }),
    ).toBe('WhatsApp is unavailable while the payment awaits validation');
    expect(whatsappBlockedReason({ phone: '03-2161 1234' })).toMatch(/mobile number/);
  });
});

describe('invoiceShareMessage after a rejected payment', () => {
  it('carries nothing internal: no correction block, rejection, remarks or staff name', () => {
    const text = invoiceShareMessage(
      {
        number: 'INV-9',
        clientName: 'Aman Guards',
        total: 216,
        dueDate: '2026-12-01',
        outstanding: 216,
        paymentStatus: 'unpaid',
        paymentValidationStatus: 'validation_rejected',
      },
      sender,
    );
    expect(text).toContain('Outstanding: RM 216.00');
    expect(text).not.toMatch(/correction|reject|remark|Rejected by/i);
  });
});
