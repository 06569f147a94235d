import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import {
  generateLicenceSigningKey,
  licenceKeyFileName,
  parseLicenceKeyRing,
} from './security/licence-signing';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'patrol-config-test-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'production',
      dataDir,
      logLevel: 'info',
      appUrl: 'http://localhost:3000',
      trustProxy: false,
      databaseSizeBudgetBytes: 512 * 1024 * 1024,
      releaseHealthIntervalMs: 60_000,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
    expect(config.consoleDist).toMatch(/apps[/\\]console[/\\]dist$/);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '', DATABASE_URL: ' ' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('derives APP_URL from PORT and strips a trailing slash from an explicit one', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ DATA_DIR: dataDir, APP_URL: 'https://console.example.com/' }).appUrl).toBe(
      'https://console.example.com',
    );
  });

  it('generates a JWT secret once, keeps it in DATA_DIR with mode 0600 and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('generates a licence signing key once, keeps it in DATA_DIR with mode 0600 and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).licenceKeys;
    const second = loadConfig({ DATA_DIR: dataDir }).licenceKeys;
    expect(second.current.keyId).toBe(first.current.keyId);
    expect(second.current.publicKey).toBe(first.current.publicKey);
    expect(first.keys).toHaveLength(1);
    expect(statSync(join(dataDir, licenceKeyFileName)).mode & 0o777).toBe(0o600);
  });

  it('keeps earlier keys of the key file verifiable; the first line signs', () => {
    const [newer, older] = [generateLicenceSigningKey(), generateLicenceSigningKey()];
    writeFileSync(join(dataDir, licenceKeyFileName), `${newer}\n${older}\n`, { mode: 0o600 });
    const ring = loadConfig({ DATA_DIR: dataDir }).licenceKeys;
    expect(ring.keys.map((key) => key.keyId)).toEqual([
      parseLicenceKeyRing(newer).current.keyId,
      parseLicenceKeyRing(older).current.keyId,
    ]);
    expect(ring.current).toBe(ring.keys[0]);
  });

  it('takes LICENCE_SIGNING_KEY as PEM or base64 PKCS#8, and never echoes a bad one', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const fromPem = loadConfig({ DATA_DIR: dataDir, LICENCE_SIGNING_KEY: pem }).licenceKeys;
    const fromDer = loadConfig({ DATA_DIR: dataDir, LICENCE_SIGNING_KEY: der }).licenceKeys;
    expect(fromPem.current.keyId).toBe(fromDer.current.keyId);
    expect(existsSync(join(dataDir, licenceKeyFileName))).toBe(false);

    const rotated = `${generateLicenceSigningKey()},${der}`;
    const ring = loadConfig({ DATA_DIR: dataDir, LICENCE_SIGNING_KEY: rotated }).licenceKeys;
    expect(ring.keys[1]!.keyId).toBe(fromDer.current.keyId);
    expect(ring.current.keyId).not.toBe(fromDer.current.keyId);

    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    const wrongKind = rsa.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const bad of ['not-a-key-at-all', wrongKind]) {
      let message = '';
      try {
        loadConfig({ DATA_DIR: dataDir, LICENCE_SIGNING_KEY: bad });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toContain('LICENCE_SIGNING_KEY: is invalid');
      expect(message).not.toContain(bad.slice(0, 20));
    }
  });

  it('reads TRUST_PROXY as Express takes it, and refuses anything else', () => {
    const trust = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('loopback, 10.0.0.0/8, 192.168.1.7')).toBe('loopback, 10.0.0.0/8, 192.168.1.7');
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/8/1')).toThrow(/TRUST_PROXY/);
  });

  it('reads the database size budget in megabytes and refuses anything but a positive whole number', () => {
    const budget = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, DATABASE_SIZE_BUDGET_MB: value }).databaseSizeBudgetBytes;
    expect(budget('2048')).toBe(2048 * 1024 * 1024);
    expect(() => budget('0')).toThrow(/DATABASE_SIZE_BUDGET_MB: must be at least 1/);
    expect(() => budget('1.5')).toThrow(/DATABASE_SIZE_BUDGET_MB/);
    expect(() => budget('lots')).toThrow(/DATABASE_SIZE_BUDGET_MB/);
  });

  it('reads the release-health interval in seconds, from 1 to 3600', () => {
    const interval = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, RELEASE_HEALTH_INTERVAL_SECONDS: value })
        .releaseHealthIntervalMs;
    expect(interval('5')).toBe(5_000);
    expect(() => interval('0')).toThrow(/RELEASE_HEALTH_INTERVAL_SECONDS: must be at least 1/);
    expect(() => interval('3601')).toThrow(/RELEASE_HEALTH_INTERVAL_SECONDS: must be at most 3600/);
    expect(() => interval('often')).toThrow(/RELEASE_HEALTH_INTERVAL_SECONDS/);
  });

  it('takes a METRICS_TOKEN of 16 characters or more, and never echoes a short one', () => {
    const token = 'scraper-token-0123456789';
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: token }).metricsToken).toBe(token);
    let message = '';
    try {
      loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'short-token' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('METRICS_TOKEN: is invalid');
    expect(message).not.toContain('short-token');
  });

  it('turns the answer caches off only when ANSWER_CACHES says so', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).answerCaches).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, ANSWER_CACHES: 'off' }).answerCaches).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, ANSWER_CACHES: 'no' })).toThrow(
      /ANSWER_CACHES: must be 'on' or 'off'/,
    );
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty', NODE_ENV: 'staging' })).toThrow(
      /PORT: .*\n\s+NODE_ENV: /,
    );
  });

  it('never echoes a secret value in its message', () => {
    const secret = 'short-secret-value';
    const databaseUrl = 'mysql://admin:hunter2@db.example.com/patrol';
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, DATABASE_URL: databaseUrl });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('JWT_SECRET');
    expect(message).toContain('DATABASE_URL');
    expect(message).not.toContain(secret);
    expect(message).not.toContain('hunter2');
  });
});
