import { describe, expect, it } from 'vitest';
import { OtaRequestError } from '@/features/ota/api/ota-request';
import { apiConnectionState, serviceState } from '@/features/ota/lib/ota-status';

const calm = { authError: false, breakerOpen: false, error: null, checking: false };

describe('the OTA connection states', () => {
  it('shows the reported status when the call went through', () => {
    expect(apiConnectionState(calm, 'healthy')).toBe('operational');
    expect(serviceState(calm, 'warning')).toBe('warning');
    expect(serviceState(calm, 'failed')).toBe('error');
  });

  it('puts the auth error, the open breaker and a rate limit before the report', () => {
    expect(apiConnectionState({ ...calm, authError: true }, 'healthy')).toBe('unauthorized');
    expect(apiConnectionState({ ...calm, breakerOpen: true }, 'healthy')).toBe('circuit_open');
    const limited = new OtaRequestError('rate_limited', 'slow down', 429);
    expect(apiConnectionState({ ...calm, error: limited }, 'healthy')).toBe('rate_limited');
  });

  it('says Checking before the first answer and Unknown when it failed', () => {
    expect(apiConnectionState({ ...calm, checking: true }, undefined)).toBe('checking');
    const failed = new OtaRequestError('network', 'offline', 0);
    expect(serviceState({ ...calm, checking: true, error: failed }, undefined)).toBe('unknown');
  });
});
