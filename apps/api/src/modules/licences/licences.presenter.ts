import type { Licence } from '@patrol/contracts';
import type { LicenceRow } from '../../db/schema';

/** A licence row as the API shows it; the device token hash never leaves the server. */
export function presentLicence(row: LicenceRow): Licence {
  return {
    id: row.id,
    key: row.key,
    clientId: row.clientId,
    licenseType: row.licenceType,
    validUntil: row.validUntil?.toISOString() ?? null,
    bound: row.bound,
    deviceId: row.deviceId,
    projectName: row.projectName,
    boundAt: row.boundAt?.toISOString() ?? null,
    lastDeviceActivity: row.lastDeviceActivity?.toISOString() ?? null,
    features: row.features,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
