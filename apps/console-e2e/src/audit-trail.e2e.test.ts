import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ClientResponse } from '@patrol/contracts';
import { describe, expect } from 'vitest';
import { createInvoiceViaApi, payInFull } from './support/billing';
import { test } from './support/e2e-test';
import { artifactsDir } from './support/paths';
import { signInAsStaff } from './support/staff-session';

describe('audit trail', () => {
  test('reads billing changes by document number, client and action', async ({ page, baseUrl }) => {
    const { api } = await signInAsStaff(page, baseUrl, { role: 'superadmin' });
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const clientName = `Audited ${suffix} Sdn Bhd`;
    const client = await api.post<ClientResponse>('/api/clients', {
      companyId: `AUD-${suffix}`,
      companyName: clientName,
      contactPerson: 'Farah Aziz',
      email: `audit-${suffix}@example.com`,
      phone: '+60 12-555 0100',
      address: 'Jalan Tun Razak, Kuala Lumpur',
    });
    expect(client.status).toBe(201);
    const invoice = await createInvoiceViaApi(api, client.body.client.id, 150);
    await payInFull(api, invoice, `TRX-${suffix}`);

    await page.goto(new URL('/audit', baseUrl).href);
    const payment = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Payment recorded', exact: true }) })
      .filter({ hasText: invoice.invoiceNumber });
    await payment.waitFor();
    await payment.getByText(clientName).waitFor();
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Invoice issued', exact: true }) })
      .filter({ hasText: invoice.invoiceNumber })
      .waitFor();
    await page.screenshot({ path: join(artifactsDir, 'audit-trail.png'), fullPage: true });
  });
});
