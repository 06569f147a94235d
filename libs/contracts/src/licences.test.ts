import { describe, expect, it } from 'vitest';
import {
  bindLicenceBodySchema,
  createLicencesBodySchema,
  createLicencesFormSchema,
  extendLicenceBodySchema,
  licenceResponseSchema,
  unbindLicenceBodySchema,
} from './licences';
import { exampleLicence } from './test-examples';
import { fieldCases, messagesAt } from './test-support';

const validBind = {
  licenceKey: 'MP-7KQ2-9XWD-4HNB',
  deviceId: 'MPDID-A1B2C3D4E5F6-Site One',
  projectName: 'Site One',
};
const validCreate = { count: 5, licenseType: 'Trial', validityPeriodDays: 14 };

describe('licence contracts', () => {
  it('parses a licence answer', () => {
    const answer = {
      success: true,
      message: 'License bound successfully!',
      licence: exampleLicence,
    };
    expect(licenceResponseSchema.safeParse(answer).success).toBe(true);
  });

  it('defaults the type to Standard and bind/unbind companyId to system', () => {
    expect(createLicencesBodySchema.parse({ count: 1, validityPeriodDays: 30 }).licenseType).toBe(
      'Standard',
    );
    expect(bindLicenceBodySchema.parse(validBind).companyId).toBe('system');
    expect(unbindLicenceBodySchema.parse({ licenceKey: 'K' }).companyId).toBe('system');
  });

  const countMessage = 'Licence count must be between 1 and 100';
  const validityMessage = 'Validity period must be between 1 and 1825 days (5 years)';
  it.each(
    fieldCases(validCreate, [
      ['count', undefined, countMessage],
      ['count', 0, countMessage],
      ['count', 101, countMessage],
      ['count', 2.5, countMessage],
      ['validityPeriodDays', undefined, validityMessage],
      ['validityPeriodDays', 0, validityMessage],
      ['validityPeriodDays', 1826, validityMessage],
    ]),
  )('add licences: $message for $name', ({ input, path, message }) => {
    expect(messagesAt(createLicencesBodySchema, input, path)).toEqual([message]);
  });

  it('requires a client in the Add Licences dialog', () => {
    expect(messagesAt(createLicencesFormSchema, validCreate, 'companyId')).toEqual([
      'Please select a client',
    ]);
  });

  it.each(
    fieldCases(validBind, [
      ['deviceId', undefined, 'Device ID and Project Name are required'],
      ['deviceId', ' ', 'Device ID and Project Name are required'],
      ['projectName', '', 'Device ID and Project Name are required'],
      [
        'deviceId',
        'MPDID-abc-Site',
        'Invalid device ID format. Expected: MPDID-{12_character_hash}-{project_name}',
      ],
      ['projectName', 'Site #1', 'Project name must contain only letters, numbers, and spaces'],
      ['projectName', 'A'.repeat(26), 'Project name must be 25 characters or less'],
    ]),
  )('bind: $message for $name', ({ input, path, message }) => {
    expect(messagesAt(bindLicenceBodySchema, input, path)).toEqual([message]);
  });

  it('bounds the extension to 1-1825 days', () => {
    expect(extendLicenceBodySchema.safeParse({ extensionDays: 30 }).success).toBe(true);
    expect(messagesAt(extendLicenceBodySchema, { extensionDays: 1826 }, 'extensionDays')).toEqual([
      'Extension must be between 1 and 1825 days (5 years)',
    ]);
  });
});
