import { describe, expect, it } from 'vitest';
import {
  colourInput,
  dayCountInput,
  normalisedTextInput,
  padLengthInput,
  phoneInput,
  postalCodeInput,
  prefixInput,
  seriesInput,
  sstPercentageInput,
  startNumberInput,
  upperCaseInput,
} from '@/features/settings/lib/settings-input-rules';

describe('settings input rules (spec 2 section 5)', () => {
  it('keeps only digits, plus, spaces and hyphens in phone numbers', () => {
    expect(phoneInput('+60 (3) 1234-5678 ext.9')).toBe('+60 3 1234-5678 9');
  });

  it('keeps only digits and spaces in postal codes', () => {
    expect(postalCodeInput('50-450 KL')).toBe('50450 ');
  });

  it('upper-cases registration numbers, prefixes and series, cutting prefix and series', () => {
    expect(upperCaseInput('202301000001-abc')).toBe('202301000001-ABC');
    expect(prefixInput('invoice-long')).toBe('INVOICE-LO');
    expect(seriesInput('mpxyz1')).toBe('MPXYZ');
  });

  it('falls back to 1 for a start number below 1 or not whole', () => {
    expect(startNumberInput('25')).toBe(25);
    expect(startNumberInput('0')).toBe(1);
    expect(startNumberInput('')).toBe(1);
    expect(startNumberInput('2.5')).toBe(1);
  });

  it('falls back to 6 for a pad length outside 3 to 10', () => {
    expect(padLengthInput('3')).toBe(3);
    expect(padLengthInput('10')).toBe(10);
    expect(padLengthInput('2')).toBe(6);
    expect(padLengthInput('11')).toBe(6);
    expect(padLengthInput('')).toBe(6);
  });

  it('turns an SST percentage that is not a number into 0', () => {
    expect(sstPercentageInput('6.5')).toBe(6.5);
    expect(sstPercentageInput('')).toBe(0);
    expect(sstPercentageInput('abc')).toBe(0);
  });

  it('reads day counts as whole numbers, negative included, and blank or "-" as 0', () => {
    expect(dayCountInput('-3')).toBe(-3);
    expect(dayCountInput('14.7')).toBe(14);
    expect(dayCountInput('')).toBe(0);
    expect(dayCountInput('-')).toBe(0);
  });

  it('limits colours to 7 characters and normalises blanks in names', () => {
    expect(colourInput(' #2563EBFF')).toBe('#2563EB');
    expect(normalisedTextInput('  Acme   Sdn\tBhd ')).toBe('Acme Sdn Bhd ');
  });
});
