import { addDays, businessDay } from '@patrol/domain';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import {
  bearer,
  buildClient,
  buildProduct,
  buildQuotationForm,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import { setUpSharedFixture } from '../../../test/shared-fixture';
import { dayStart } from '../../db/column-values';
import { invoices, quotations } from '../../db/schema';

// A small fixed data set whose figures the tests compute by hand. Day offsets are from today.
//   X: A 216 issued -2, paid in full today by bank transfer and validated; B 216 issued -5, due
//      -40 (30-60 bucket), 16 paid in cash; E 216 issued -10 (the previous week), due +20.
//   Y: C 1080 issued -1, due -100 (90+ bucket); D 216 issued -3, due +27.
//   Quotations: the five converted, one live draft (216), one lapsed draft (216).
export const today = businessDay(new Date());
export const day = (offset: number) => addDays(today, offset);

async function ask(
  t: TestContext,
  token: string,
  method: 'put',
  path: string,
  body: object,
): Promise<void> {
  await request(t.app)[method](path).set(bearer(token)).send(body).expect(200);
}

/** The business-reports test files' context: the data set above and the users who read it. */
export interface BusinessReportsFixture {
  t: TestContext;
  accounts: string;
  manager: string;
  sales: string;
  clientX: string;
  clientY: string;
  /** Takes an invoice a test added out of the fixture's figures again. */
  voidInvoice: (id: string) => Promise<void>;
}

/** The file's fixture, built before its first test (setUpSharedFixture registers the hooks). */
export function setUpBusinessReportsFixture(): BusinessReportsFixture {
  return setUpSharedFixture(async (): Promise<BusinessReportsFixture> => {
    const t = await createTestContext();
    const admin = await t.signIn('Admin');
    const accounts = await t.signIn('accounts');
    const manager = await t.signIn('manager');
    const sales = await t.signIn('sales');
    const clientX = (await buildClient(t, { companyName: 'Xenon Guards Sdn Bhd' })).id;
    const clientY = (await buildClient(t, { companyName: '上海保安服务有限公司' })).id;
    await buildProduct(t);
    await buildProduct(t, { active: false });
    const thousand = {
      items: [{ ...buildQuotationForm(clientY).items[0]!, quantity: 1, unitPrice: 1000 }],
    };
    const invoice = async (clientId: string, issue: number, due: number, form = {}) => {
      const created = await createInvoice(t, admin, clientId, form);
      await t.database.db
        .update(invoices)
        .set({ issueDate: dayStart(day(issue)), dueDate: dayStart(day(due)) })
        .where(eq(invoices.id, created.id));
      return created.id;
    };
    const a = await invoice(clientX, -2, 28);
    const b = await invoice(clientX, -5, -40);
    await invoice(clientX, -10, 20);
    await invoice(clientY, -1, -100, thousand);
    await invoice(clientY, -3, 27);
    const recorder = await t.signIn('accounts');
    const pay = (id: string, amount: number, paymentMethod: string) =>
      ask(t, recorder, 'put', `/api/business/invoices/${id}/process-payment`, {
        amount,
        paymentMethod,
        referenceNumber: `REF-${amount}`,
        paymentDate: today,
      });
    await pay(a, 216, 'bank_transfer');
    await ask(t, accounts, 'put', `/api/invoices/${a}/validate-payment`, {});
    await pay(b, 16, 'cash');
    for (let draft = 0; draft < 2; draft++) {
      await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(admin))
        .send(buildQuotationForm(clientX))
        .expect(201);
    }
    const [lapsed] = await t.database.db
      .select({ id: quotations.id })
      .from(quotations)
      .where(eq(quotations.status, 'draft'))
      .limit(1);
    await t.database.db
      .update(quotations)
      .set({ validUntil: dayStart(day(-1)) })
      .where(eq(quotations.id, lapsed!.id));
    return {
      t,
      accounts,
      manager,
      sales,
      clientX,
      clientY,
      voidInvoice: async (id: string) => {
        await t.database.db.update(invoices).set({ isVoided: true }).where(eq(invoices.id, id));
        t.ctx.events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id });
      },
    };
  });
}
