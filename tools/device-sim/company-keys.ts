import { listClientLicencesResponseSchema, pageSizes, type ErrorEnvelope } from '@patrol/contracts';
import { isLicenceExpired } from '@patrol/domain';
import { simulatedDeviceId } from './simulated-device';

/**
 * The keys of a client that a simulated device may activate: unexpired licences that are unbound
 * or already bound to the simulator's own device for that key (a previous run). Reads the
 * client's licences a page at a time.
 */
export async function availableKeysOfCompany(
  url: string,
  companyId: string,
  accessToken: string,
  projectName: string,
): Promise<string[]> {
  const now = new Date();
  const keys: string[] = [];
  for (let page = 1; ; page += 1) {
    const path = `/api/clients/${encodeURIComponent(companyId)}/licences?page=${page}&limit=${pageSizes.max}`;
    const response = await fetch(new URL(path, url), {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const body = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok) {
      const message = (body as Partial<ErrorEnvelope> | undefined)?.message ?? response.statusText;
      throw new Error(`Could not read client ${companyId}: ${response.status} ${message}`);
    }
    const { licences, pagination } = listClientLicencesResponseSchema.parse(body);
    for (const licence of licences) {
      const usable =
        !isLicenceExpired(licence.validUntil, now) &&
        (!licence.bound || licence.deviceId === simulatedDeviceId(licence.key, projectName));
      if (usable) keys.push(licence.key);
    }
    if (!pagination.hasNext) return keys;
  }
}
