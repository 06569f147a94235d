import type { MyInvoisIdType, ValidateTaxpayerTinResponse } from '@patrol/contracts';
import { api } from '@/lib/api-client';

export type ValidateTaxpayerTinInput = { tin: string; idType: MyInvoisIdType; idValue: string };

/** GET /api/business/einvoices/taxpayers/{tin}/validate: the SDK's TIN check, through the API. */
export function validateTaxpayerTin({ tin, idType, idValue }: ValidateTaxpayerTinInput) {
  const query = new URLSearchParams({ idType, idValue });
  return api.get<ValidateTaxpayerTinResponse>(
    `/api/business/einvoices/taxpayers/${encodeURIComponent(tin)}/validate?${query}`,
  );
}
