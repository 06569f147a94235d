import { describe, expect, it } from 'vitest';
import { formatCompanyName, normaliseEmail } from './client-format';

describe('formatCompanyName', () => {
  it.each([
    ['acme sdn bhd', 'acme Sdn Bhd'],
    ['ACME SDN BHD', 'ACME Sdn Bhd'],
    ['Acme Sdn. Bhd.', 'Acme Sdn. Bhd.'],
    ['acme sdn. bhd.', 'acme Sdn. Bhd.'],
    ['Lion Security pte ltd', 'Lion Security Pte Ltd'],
    ['Lion Security PTE. LTD.', 'Lion Security Pte. Ltd.'],
    ['guardian ltd', 'guardian Ltd'],
    ['guardian ltd.', 'guardian Ltd.'],
    ['Patrol Co llc', 'Patrol Co LLC'],
    ['Patrol Co, Llc', 'Patrol Co, LLC'],
    ['  acme   sdn   bhd  ', 'acme Sdn Bhd'],
    ['Ltd Holdings', 'Ltd Holdings'],
    ['Sdn Bhd Tower Services', 'Sdn Bhd Tower Services'],
    ['Coltd', 'Coltd'],
    ['Acme Holdings', 'Acme Holdings'],
    ['', ''],
  ])('%j becomes %j', (name, expected) => {
    expect(formatCompanyName(name)).toBe(expected);
  });
});

describe('normaliseEmail', () => {
  it.each([
    ['Admin@Example.COM', 'admin@example.com'],
    ['  ops@acme.my ', 'ops@acme.my'],
    ['already@lower.com', 'already@lower.com'],
  ])('%j becomes %j', (email, expected) => {
    expect(normaliseEmail(email)).toBe(expected);
  });
});
