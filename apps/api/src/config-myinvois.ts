import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/** The official hosts of each MyInvois environment (SDK "Integration practices", base URLs). */
export const myInvoisHosts = {
  sandbox: {
    identityUrl: 'https://preprod-api.myinvois.hasil.gov.my',
    apiUrl: 'https://preprod-api.myinvois.hasil.gov.my',
    portalUrl: 'https://preprod.myinvois.hasil.gov.my',
  },
  production: {
    identityUrl: 'https://api.myinvois.hasil.gov.my',
    apiUrl: 'https://api.myinvois.hasil.gov.my',
    portalUrl: 'https://myinvois.hasil.gov.my',
  },
} as const;

export type MyInvoisEnvironment = keyof typeof myInvoisHosts;

/** The variables that switch e-invoicing on; all four are needed. */
export const myInvoisRequiredVariables = [
  'MYINVOIS_CLIENT_ID',
  'MYINVOIS_CLIENT_SECRET',
  'MYINVOIS_SIGNING_KEY',
  'MYINVOIS_SIGNING_CERT',
] as const;

/** Variables whose values are credentials: never in messages or logs. */
export const myInvoisSecretVariables = ['MYINVOIS_CLIENT_SECRET'] as const;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/** The MYINVOIS_* part of the environment schema (src/config.ts merges it). */
export const myInvoisEnvironmentShape = {
  MYINVOIS_ENV: z
    .enum(['sandbox', 'production'], { error: "must be 'sandbox' or 'production'" })
    .default('sandbox'),
  MYINVOIS_IDENTITY_URL: httpUrl.optional(),
  MYINVOIS_API_URL: httpUrl.optional(),
  MYINVOIS_PORTAL_URL: httpUrl.optional(),
  MYINVOIS_CLIENT_ID: z.string().trim().min(1).optional(),
  MYINVOIS_CLIENT_SECRET: z.string().min(1).optional(),
  MYINVOIS_SIGNING_KEY: z.string().trim().min(1).optional(),
  MYINVOIS_SIGNING_CERT: z.string().trim().min(1).optional(),
};

type MyInvoisValues = z.output<z.ZodObject<typeof myInvoisEnvironmentShape>>;

/** E-invoicing settings when switched on. Never log `clientSecret` or `signingKeyPem`. */
export interface MyInvoisConfig {
  environment: MyInvoisEnvironment;
  identityUrl: string;
  apiUrl: string;
  portalUrl: string;
  clientId: string;
  clientSecret: string;
  /** The taxpayer's signing key and certificate, read from the PEM files at start. */
  signingKeyPem: string;
  signingCertificatePem: string;
}

/** On, with its settings, or off, naming the variables still missing (for the console). */
export type MyInvoisSetting =
  | { enabled: true; config: MyInvoisConfig }
  | { enabled: false; environment: MyInvoisEnvironment; missing: string[] };

/**
 * E-invoicing is on when the client ID and secret and both PEM files are set. Some but not all of
 * them is a mistake the operator hears of at start (`problems`), never a silent "off".
 */
export function readMyInvoisSetting(values: MyInvoisValues): {
  setting: MyInvoisSetting;
  problems: string[];
} {
  const environment = values.MYINVOIS_ENV;
  const missing = myInvoisRequiredVariables.filter((name) => !values[name]);
  if (missing.length > 0) {
    const problems =
      missing.length < myInvoisRequiredVariables.length
        ? missing.map((name) => `  ${name}: is needed with the other MYINVOIS_ variables`)
        : [];
    return { setting: { enabled: false, environment, missing }, problems };
  }
  const problems: string[] = [];
  const readPem = (name: 'MYINVOIS_SIGNING_KEY' | 'MYINVOIS_SIGNING_CERT', marker: string) => {
    try {
      const text = readFileSync(resolve(values[name]!), 'utf8');
      if (!text.includes(`-----BEGIN ${marker}`) && !text.includes('-----BEGIN ')) {
        problems.push(`  ${name}: is not a PEM file`);
      }
      return text;
    } catch {
      problems.push(`  ${name}: the file could not be read`);
      return '';
    }
  };
  const signingKeyPem = readPem('MYINVOIS_SIGNING_KEY', 'PRIVATE KEY');
  const signingCertificatePem = readPem('MYINVOIS_SIGNING_CERT', 'CERTIFICATE');
  const hosts = myInvoisHosts[environment];
  return {
    setting: {
      enabled: true,
      config: {
        environment,
        identityUrl: values.MYINVOIS_IDENTITY_URL ?? hosts.identityUrl,
        apiUrl: values.MYINVOIS_API_URL ?? hosts.apiUrl,
        portalUrl: values.MYINVOIS_PORTAL_URL ?? hosts.portalUrl,
        clientId: values.MYINVOIS_CLIENT_ID!,
        clientSecret: values.MYINVOIS_CLIENT_SECRET!,
        signingKeyPem,
        signingCertificatePem,
      },
    },
    problems,
  };
}
