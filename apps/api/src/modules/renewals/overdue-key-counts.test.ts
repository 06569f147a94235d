import { addDays } from '@patrol/domain';
import { describe, expect, it } from 'vitest';
import {
  buildClient,
  buildLicence,
  changeSettings,
  createInvoice,
  createTestContext,
  payAndValidate,
} from '../../../test/builders';
import { setUpSharedFixture } from '../../../test/shared-fixture';
import { overdueKeyCounts } from './overdue-counts.service';

const dayMs = 86_400_000;

/** The instant the business day `day` (YYYY-MM-DD) is at noon in Malaysia. */
const noonOf = (day: string) => new Date(`${day}T12:00:00+08:00`);

describe("the dashboard's overdue-key counts", { timeout: 120_000 }, () => {
  const fixture = setUpSharedFixture(async () => {
    const t = await createTestContext();
    return { t, admin: await t.signIn('Admin') };
  });

  const setSuspendOnOverdue = (suspendOnOverdue: boolean) =>
    changeSettings(fixture.t, fixture.admin, (current) => ({
      ...current,
      licenceRenewals: { ...current.licenceRenewals, suspendOnOverdue },
    }));
  const keysOf = async (clientId: string, count: number, paidByInvoiceId?: string) => {
    for (let index = 0; index < count; index += 1) {
      await buildLicence(fixture.t, clientId, {
        paidByInvoiceId,
        validUntil: new Date(Date.now() + 400 * dayMs),
      });
    }
  };

  it('count the keys each overdue invoice paid, or every key of its client, by the graces', async () => {
    const first = await buildClient(fixture.t, { companyName: 'Hutang Satu Sdn Bhd' });
    const second = await buildClient(fixture.t, { companyName: 'Hutang Dua Sdn Bhd' });
    const settled = await buildClient(fixture.t, { companyName: 'Sudah Bayar Sdn Bhd' });
    const firstInvoice = await createInvoice(fixture.t, fixture.admin, first.id);
    const secondInvoice = await createInvoice(fixture.t, fixture.admin, second.id);
    const paidInvoice = await createInvoice(fixture.t, fixture.admin, settled.id);
    await payAndValidate(fixture.t, await fixture.t.signIn('accounts'), paidInvoice.id, [
      {
        amount: paidInvoice.totalAmount,
        paymentMethod: 'bank_transfer',
        referenceNumber: 'PAID-1',
      },
    ]);
    await keysOf(first.id, 2, firstInvoice.id);
    await keysOf(second.id, 1, secondInvoice.id);
    await keysOf(second.id, 2);
    await keysOf(settled.id, 4, paidInvoice.id);
    const dueDay = firstInvoice.dueDate.slice(0, 10);
    const countsOn = (days: number) =>
      overdueKeyCounts(fixture.t.ctx.db, noonOf(addDays(dueDay, days)));

    expect(await countsOn(29)).toEqual({ restricted: 0, suspended: 0 });
    expect(await countsOn(30)).toEqual({ restricted: 3, suspended: 0 });
    expect(await countsOn(59)).toEqual({ restricted: 3, suspended: 0 });
    expect(await countsOn(60)).toEqual({ restricted: 0, suspended: 3 });

    await setSuspendOnOverdue(true);
    try {
      expect(await countsOn(29)).toEqual({ restricted: 0, suspended: 0 });
      expect(await countsOn(30)).toEqual({ restricted: 5, suspended: 0 });
      expect(await countsOn(60)).toEqual({ restricted: 0, suspended: 5 });
    } finally {
      await setSuspendOnOverdue(false);
    }
  });
});
