import request from 'supertest';
import { bearer, type TestContext } from '../test-context';

/** The company settings as GET /api/settings answers them, without the logo PUT does not take. */
export type SettingsForm = Record<string, unknown> & Record<string, Record<string, unknown>>;

/**
 * Changes the company settings through the API as the console does: reads them, lets `change`
 * return the whole form to send, and expects the PUT to succeed.
 */
export async function changeSettings(
  t: TestContext,
  token: string,
  change: (current: SettingsForm) => Record<string, unknown>,
): Promise<void> {
  const settings = await request(t.app).get('/api/settings').set(bearer(token)).expect(200);
  const { logo: _logo, ...current } = settings.body.settings as SettingsForm;
  await request(t.app).put('/api/settings').set(bearer(token)).send(change(current)).expect(200);
}
