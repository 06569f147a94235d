import { describe, expect, it } from 'vitest';
import {
  deviceActivateBodySchema,
  deviceActivateResponseSchema,
  deviceHeartbeatBodySchema,
  deviceLicenceResponseSchema,
} from './device';
import { exampleTime, fieldCases, messagesAt } from './test-support';

const validActivate = {
  licenceKey: 'MP-7KQ2-9XWD-4HNB',
  deviceId: 'MPDID-A1B2C3D4E5F6-Site One',
  projectName: 'Site One',
};
const deviceLicence = {
  key: 'MP-7KQ2-9XWD-4HNB',
  licenseType: 'Premium',
  status: 'active',
  validUntil: exampleTime,
  remainingDays: 365,
  features: [],
  deviceId: validActivate.deviceId,
  projectName: 'Site One',
  companyName: 'Acme Security Sdn Bhd',
};

describe('device contracts', () => {
  it('parses activation, heartbeat and licence answers', () => {
    const licenceFile = 'eyJ2IjoxfQ.c2lnbmF0dXJl';
    const activated = { success: true, deviceToken: 'dt_abc', licence: deviceLicence, licenceFile };
    expect(deviceActivateResponseSchema.safeParse(activated).success).toBe(true);
    const state = {
      success: true,
      licence: { ...deviceLicence, status: 'expired' },
      serverTime: exampleTime,
      licenceFile,
    };
    expect(deviceLicenceResponseSchema.safeParse(state).success).toBe(true);
    expect(
      deviceLicenceResponseSchema.safeParse({ ...state, licenceFile: 'no dot, not base64url' })
        .success,
    ).toBe(false);
    expect(
      deviceHeartbeatBodySchema.safeParse({ appVersion: '1.2.0', batteryLevel: 80 }).success,
    ).toBe(true);
  });

  it.each(
    fieldCases(validActivate, [
      ['licenceKey', undefined, 'Licence key is required'],
      ['deviceId', undefined, 'Device ID and Project Name are required'],
      [
        'deviceId',
        'MPDID-123-Site',
        'Invalid device ID format. Expected: MPDID-{12_character_hash}-{project_name}',
      ],
      ['projectName', 'Site_1', 'Project name must contain only letters, numbers, and spaces'],
    ]),
  )('activate: $message for $name', ({ input, path, message }) => {
    expect(messagesAt(deviceActivateBodySchema, input, path)).toEqual([message]);
  });

  it('refuses a battery level outside 0-100', () => {
    expect(deviceHeartbeatBodySchema.safeParse({ batteryLevel: 101 }).success).toBe(false);
  });
});
