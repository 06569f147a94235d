import type { MobileDistributeBody, OtaVersionResponse } from '@patrol/contracts';
import { api } from '@/lib/api-client';

/** POST /api/ota/mobile/distribute: the release becomes the one the devices are offered. */
export function distributeMobileUpdate(body: MobileDistributeBody): Promise<OtaVersionResponse> {
  return api.post<OtaVersionResponse>('/api/ota/mobile/distribute', body);
}
