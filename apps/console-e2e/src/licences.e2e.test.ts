import { randomBytes } from 'node:crypto';
import type { DeviceActivateResponse } from '@patrol/contracts';
import { describe, expect } from 'vitest';
import { createApiClient } from './support/api-client';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

const liveUpdateTimeout = { timeout: 20_000, interval: 250 };

describe('licence management', () => {
  test('adds 5 licences, binds one, shows its device active live, and deletes one by typing DELETE', async ({
    page,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl);
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const companyId = `LIC-${suffix}`;
    const companyName = `Licence Journey ${suffix} Sdn Bhd`;
    const created = await api.post('/api/clients', {
      companyId,
      companyName,
      contactPerson: 'Farid Hakim',
      email: `licences-${suffix.toLowerCase()}@example.com`,
      phone: '+60 3-2000 1000',
      address: 'Cyberjaya, Selangor',
    });
    expect(created.status).toBe(201);

    await page.goto(new URL(`/licences?search=${suffix}`, baseUrl).href);
    await page.getByText('Real-time: Connected').waitFor();
    await page.getByRole('button', { name: `Add licences to ${companyName}` }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Licences to Client' });
    await addDialog.getByLabel('Number of Licences').fill('5');
    await addDialog.getByRole('button', { name: 'Add Licences' }).click();
    await addDialog.waitFor({ state: 'hidden' });

    const licences = page.locator('li[data-licence-key]');
    await expect.poll(() => licences.count(), liveUpdateTimeout).toBe(5);
    // Marks this page load; a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { licenceJourney: boolean }).licenceJourney = true;
    });

    const boundItem = licences.first();
    const licenceKey = (await boundItem.getAttribute('data-licence-key'))!;
    const projectName = 'North Gate';
    const deviceId = `MPDID-${randomBytes(6).toString('hex').toUpperCase()}-${projectName}`;
    await boundItem.getByRole('button', { name: `Actions for licence ${licenceKey}` }).click();
    await page.getByRole('menuitem', { name: 'Bind' }).click();
    const bindDialog = page.getByRole('dialog', { name: 'Bind Licence' });
    await bindDialog.getByLabel('Device ID').fill('not-a-device');
    await bindDialog.getByLabel('Project Name').fill(projectName);
    await bindDialog.getByRole('button', { name: 'Bind Licence' }).click();
    await bindDialog
      .getByText('Invalid device ID format. Expected: MPDID-{12_character_hash}-{project_name}')
      .waitFor();
    await bindDialog.getByLabel('Device ID').fill(deviceId);
    await bindDialog.getByRole('button', { name: 'Bind Licence' }).click();
    await bindDialog.waitFor({ state: 'hidden' });
    const activity = boundItem.getByTestId('device-activity');
    await expect.poll(() => activity.innerText(), liveUpdateTimeout).toBe('Never Active');
    expect(await boundItem.innerText()).toContain('Bound');

    // The patrol app on that device activates with the key and reports in.
    const activation = await createApiClient(baseUrl).post<DeviceActivateResponse>(
      '/api/device/activate',
      { licenceKey, deviceId, projectName },
    );
    expect(activation.status).toBe(200);
    const heartbeat = await createApiClient(baseUrl, activation.body.deviceToken).post(
      '/api/device/heartbeat',
      { appVersion: '2.4.0' },
    );
    expect(heartbeat.status).toBe(200);
    await expect.poll(() => activity.innerText(), liveUpdateTimeout).toBe('Active Now');

    const doomed = licences.nth(1);
    const doomedKey = (await doomed.getAttribute('data-licence-key'))!;
    await doomed.getByRole('button', { name: `Actions for licence ${doomedKey}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete Licence' });
    const confirm = deleteDialog.getByRole('button', { name: 'Delete Licence' });
    expect(await confirm.isDisabled()).toBe(true);
    await deleteDialog.getByLabel('Type DELETE to confirm').fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await deleteDialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await deleteDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => licences.count(), liveUpdateTimeout).toBe(4);
    expect(await page.locator(`li[data-licence-key="${doomedKey}"]`).count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { licenceJourney?: boolean }).licenceJourney),
    ).toBe(true);
  });
});
