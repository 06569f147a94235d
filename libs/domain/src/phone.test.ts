import { describe, expect, it } from 'vitest';
import { malaysianMobileForWhatsApp, normalisePhoneForWhatsApp, whatsappShareUrl } from './phone';

describe('normalisePhoneForWhatsApp', () => {
  it.each<[string | null | undefined, string | null]>([
    ['012-345 6789', '60123456789'],
    ['(03) 2345-6789', '60323456789'],
    ['0123456789', '60123456789'],
    ['123456789', '60123456789'],
    ['00123', '600123'],
    ['+60 12-345 6789', '60123456789'],
    ['+65 6123 4567', '6561234567'],
    ['60123456789', '60123456789'],
    ['[012] 345.6789', '60123456789'],
    ['', null],
    ['  ', null],
    ['+', null],
    [null, null],
    [undefined, null],
  ])('%j becomes %j', (phone, expected) => {
    expect(normalisePhoneForWhatsApp(phone)).toBe(expected);
  });
});

describe('whatsappShareUrl', () => {
  it.each<[string | null, string, string]>([
    [
      '012-345 6789',
      'Invoice INV-MP-2026-000001',
      'https://wa.me/60123456789?text=Invoice%20INV-MP-2026-000001',
    ],
    [
      '+65 6123 4567',
      'Total: RM 1,080.00 & more',
      'https://wa.me/6561234567?text=Total%3A%20RM%201%2C080.00%20%26%20more',
    ],
    [null, 'Hello\nthere', 'https://wa.me/?text=Hello%0Athere'],
    ['', 'Hi', 'https://wa.me/?text=Hi'],
  ])('%j with %j opens %s', (phone, message, expected) => {
    expect(whatsappShareUrl(phone, message)).toBe(expected);
  });
});

describe('malaysianMobileForWhatsApp', () => {
  it('takes 01x and +601x mobile numbers and refuses landlines, foreign and missing numbers', () => {
    expect(malaysianMobileForWhatsApp('012-345 6789')).toBe('60123456789');
    expect(malaysianMobileForWhatsApp('+60 11-2345 6789')).toBe('601123456789');
    expect(malaysianMobileForWhatsApp('03-2161 1234')).toBeNull();
    expect(malaysianMobileForWhatsApp('+65 9123 4567')).toBeNull();
    expect(malaysianMobileForWhatsApp('')).toBeNull();
  });
});
