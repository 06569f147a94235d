import type { Licence } from '@patrol/contracts';
import { transfersLeft } from '@patrol/domain';
import type { LicenceRow } from '../../db/schema';

/** A licence row as the API shows it; the device token hash never leaves the server. */
export function presentLicence(
  row: LicenceRow,
  now: Date = new Date(),
  paidByNumber: string | null = null,
): Licence {
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
    activationCount: row.activationCount,
    lastActivatedAt: row.lastActivatedAt?.toISOString() ?? null,
    transfersLeft: transfersLeft(row, now),
    paidBy:
      row.paidByInvoiceId && paidByNumber
        ? { invoiceId: row.paidByInvoiceId, invoiceNumber: paidByNumber }
        : null,
  };
}
