import { describe, expect, it } from 'vitest';
import { defaultTagline } from './app-info';
import {
  companySettingsResponseSchema,
  companySettingsSchema,
  defaultCompanySettings,
  logoFileSchema,
} from './settings';
import { fieldCases, messagesAt } from './test-support';

describe('settings contracts', () => {
  it('has valid server defaults', () => {
    expect(companySettingsSchema.parse(defaultCompanySettings)).toEqual(defaultCompanySettings);
    expect(defaultCompanySettings).toMatchObject({
      tagline: defaultTagline,
      taglineColor: '#6B7280',
      address: { country: 'Malaysia' },
      taxSettings: { sstPercentage: 8 },
    });
    expect(defaultCompanySettings.numberingSettings.receipt).toMatchObject({
      prefix: 'RCP',
      series: 'MP',
      padLength: 6,
    });
    const response = {
      success: true,
      settings: { ...defaultCompanySettings, logo: { url: '/api/settings/logo/file' } },
    };
    expect(companySettingsResponseSchema.safeParse(response).success).toBe(true);
  });

  it('forces registration number, prefix and series to upper case', () => {
    const edited = JSON.parse(
      JSON.stringify(defaultCompanySettings),
    ) as typeof defaultCompanySettings;
    edited.registrationNumber = '202301012345 (1234567-x)';
    edited.numberingSettings.invoice.prefix = 'inv';
    const parsed = companySettingsSchema.parse(edited);
    expect(parsed.registrationNumber).toBe('202301012345 (1234567-X)');
    expect(parsed.numberingSettings.invoice.prefix).toBe('INV');
  });

  it.each(
    fieldCases(defaultCompanySettings, [
      ['phone', '03-1234 abc', 'Phone number may contain only digits, +, spaces and hyphens'],
      ['address.postalCode', '5000A', 'Postal code may contain only digits and spaces'],
      ['email', 'billing@', 'Please enter a valid email address'],
      ['taglineColor', 'red', 'Tagline colour must be a hex colour such as #6B7280'],
      ['taxSettings.sstPercentage', 101, 'SST percentage must be between 0 and 100'],
      [
        'taxSettings.sstPercentage',
        8.25,
        'SST percentage can have at most one decimal (steps of 0.1)',
      ],
      ['numberingSettings.quotation.prefix', 'ABCDEFGHIJK', 'Prefix must be 10 characters or less'],
      ['numberingSettings.quotation.series', 'ABCDEF', 'Series must be 5 characters or less'],
      ['numberingSettings.quotation.padLength', 2, 'Pad length must be between 3 and 10'],
      ['numberingSettings.quotation.startNumber', 0, 'Start number must be at least 1'],
    ]),
  )('says $message for $name', ({ input, path, message }) => {
    expect(messagesAt(companySettingsSchema, input, path)).toEqual([message]);
  });

  it('accepts SST percentages in steps of 0.1, which floating point alone would refuse', () => {
    for (const sstPercentage of [0, 6, 8.3, 0.7, 99.9]) {
      const input = {
        ...defaultCompanySettings,
        taxSettings: { sstPercentage, defaultTaxType: 'SST' },
      };
      expect(companySettingsSchema.safeParse(input).success, String(sstPercentage)).toBe(true);
    }
  });

  it('accepts an empty email and tagline colour', () => {
    expect(
      companySettingsSchema.safeParse({ ...defaultCompanySettings, email: '', taglineColor: '' })
        .success,
    ).toBe(true);
  });

  it.each([
    [{ mimeType: 'application/pdf', size: 10 }, 'mimeType', 'Please select an image file'],
    [
      { mimeType: 'image/png', size: 5 * 1024 * 1024 + 1 },
      'size',
      'File size must be less than 5MB',
    ],
  ])('logo %j: "%s"', (file, path, message) => {
    expect(messagesAt(logoFileSchema, file, path)).toEqual([message]);
  });
});
