import type { OtaChannel, UpdateChannelResponse } from '@patrol/contracts';
import { api } from '@/lib/api-client';

/** POST /api/ota/dashboard/channel: this installation's console update channel. */
export function setUpdateChannel(channel: OtaChannel): Promise<UpdateChannelResponse> {
  return api.post<UpdateChannelResponse>('/api/ota/dashboard/channel', { channel });
}
