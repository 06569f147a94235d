import { clientResponseSchema, type ErrorEnvelope } from '@patrol/contracts';
import { isLicenceExpired } from '@patrol/domain';
import { simulatedDeviceId } from './simulated-device';

/**
 * The keys of a client that a simulated device may activate: unexpired licences that are unbound
 * or already bound to the simulator's own device for that key (a previous run).
 */
export async function availableKeysOfCompany(
  url: string,
  companyId: string,
  accessToken: string,
  projectName: string,
): Promise<string[]> {
  const response = await fetch(new URL(`/api/clients/${encodeURIComponent(companyId)}`, url), {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const message = (body as Partial<ErrorEnvelope> | undefined)?.message ?? response.statusText;
    throw new Error(`Could not read client ${companyId}: ${response.status} ${message}`);
  }
  const now = new Date();
  return clientResponseSchema
    .parse(body)
    .client.licences.filter(
      (licence) =>
        !isLicenceExpired(licence.validUntil, now) &&
        (!licence.bound || licence.deviceId === simulatedDeviceId(licence.key, projectName)),
    )
    .map((licence) => licence.key);
}
