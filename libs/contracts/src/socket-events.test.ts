import { describe, expect, it } from 'vitest';
import { serverToClientEvents } from './socket-events';
import {
  exampleActivity,
  exampleClient,
  exampleSystemAlert,
  exampleSystemMetrics,
} from './test-examples';
import { exampleId, exampleTime } from './test-support';

describe('socket event payloads', () => {
  it.each([
    ['clientAdded', exampleClient],
    ['clientDeleted', { companyId: 'ACME-01' }],
    [
      'licenceUpdated',
      {
        action: 'bind',
        licence: { key: 'K', bound: true, deviceId: 'D', projectName: 'P' },
        clientId: exampleId,
      },
    ],
    ['activityUpdated', exampleActivity],
    ['billingUpdated', { entity: 'invoice', action: 'updated', id: exampleId }],
    [
      'paymentProcessed',
      {
        invoiceId: exampleId,
        invoiceNumber: 'INV-1',
        paymentStatus: 'pending',
        paymentValidationStatus: 'none',
        totalAmount: 100,
        paidAmount: 50,
        amount: 50,
      },
    ],
    [
      'newCrashReport',
      { id: exampleId, title: 'NFC reader crash', severity: 'critical', reportType: 'automatic' },
    ],
    ['ota_update', { type: 'version_uploaded', version: '1.0.0', timestamp: exampleTime }],
    ['systemMetrics', exampleSystemMetrics],
    ['systemAlert', exampleSystemAlert],
  ] as const)('%s accepts its payload', (name, payload) => {
    expect(serverToClientEvents[name].safeParse(payload).success).toBe(true);
  });

  it('refuses a licence action the console does not know', () => {
    const payload = {
      action: 'merge',
      licence: { key: 'K', bound: false, deviceId: null, projectName: null },
      clientId: exampleId,
    };
    expect(serverToClientEvents.licenceUpdated.safeParse(payload).success).toBe(false);
  });
});
