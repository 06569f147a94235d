import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const keys = (name: string) =>
  fileURLToPath(new URL(`../../../tools/myinvois-standin/test-keys/${name}`, import.meta.url));
const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/einvoice-config-test' };
const full = {
  MYINVOIS_CLIENT_ID: 'client',
  MYINVOIS_CLIENT_SECRET: 'very-secret-value',
  MYINVOIS_SIGNING_KEY: keys('signing-key.pem'),
  MYINVOIS_SIGNING_CERT: keys('signing-cert.pem'),
};

describe('MYINVOIS_* settings', () => {
  it('leave e-invoicing off without them, naming what is missing', () => {
    const config = loadConfig(base);
    expect(config.myinvois).toEqual({
      enabled: false,
      environment: 'sandbox',
      missing: [
        'MYINVOIS_CLIENT_ID',
        'MYINVOIS_CLIENT_SECRET',
        'MYINVOIS_SIGNING_KEY',
        'MYINVOIS_SIGNING_CERT',
      ],
    });
  });

  it('switch it on with the official hosts of the environment, overridable', () => {
    const sandbox = loadConfig({ ...base, ...full });
    expect(sandbox.myinvois).toMatchObject({
      enabled: true,
      config: {
        apiUrl: 'https://preprod-api.myinvois.hasil.gov.my',
        portalUrl: 'https://preprod.myinvois.hasil.gov.my',
      },
    });
    const production = loadConfig({
      ...base,
      ...full,
      MYINVOIS_ENV: 'production',
      MYINVOIS_API_URL: 'http://127.0.0.1:4010/',
    });
    expect(production.myinvois).toMatchObject({
      enabled: true,
      config: {
        identityUrl: 'https://api.myinvois.hasil.gov.my',
        apiUrl: 'http://127.0.0.1:4010',
        portalUrl: 'https://myinvois.hasil.gov.my',
      },
    });
  });

  it('refuse a partial setting and an unreadable key, never echoing a value', () => {
    expect(() => loadConfig({ ...base, MYINVOIS_CLIENT_SECRET: 'very-secret-value' })).toThrow(
      /MYINVOIS_CLIENT_ID: is needed/,
    );
    let message = '';
    try {
      loadConfig({ ...base, ...full, MYINVOIS_SIGNING_KEY: '/nowhere/key.pem' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('MYINVOIS_SIGNING_KEY: the file could not be read');
    expect(message).not.toContain('very-secret-value');
    expect(() => loadConfig({ ...base, MYINVOIS_ENV: 'staging' })).toThrow(
      /MYINVOIS_ENV: must be 'sandbox' or 'production'/,
    );
  });
});
