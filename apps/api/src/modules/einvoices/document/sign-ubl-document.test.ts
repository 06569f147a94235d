import { createHash, verify, X509Certificate } from 'node:crypto';
import selfsigned from 'selfsigned';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUblDocument } from './build-ubl-document';
import { sampleEInvoiceSource } from './einvoice-source.fixture';
import {
  documentDigest,
  qualifyingPropertiesOf,
  signUblDocument,
  withoutSignature,
} from './sign-ubl-document';
import type { UblDocument } from './ubl-json';

// A throw-away RSA key and self-signed certificate, made when the tests start (nothing on disk).
let privateKeyPem = '';
let certificatePem = '';
beforeAll(async () => {
  const pems = await selfsigned.generate(
    // Most general first, as real certificates (and the LHDNM trial CA) order their names.
    [
      { name: 'countryName', value: 'MY' },
      { name: 'organizationName', value: 'Test Supplier' },
      { name: 'commonName', value: 'Test Supplier Sdn Bhd' },
    ],
    { keySize: 2048, algorithm: 'sha256' },
  );
  privateKeyPem = pems.private;
  certificatePem = pems.cert;
});

const signingTime = new Date('2026-11-27T08:31:02.345Z');

// Walks the SDK's JSON shape: first element of each named array.
function at(node: unknown, ...path: string[]): Record<string, unknown> {
  let current = node as Record<string, unknown>;
  for (const key of path) current = (current[key] as Record<string, unknown>[])[0]!;
  return current;
}

function sign(doc: UblDocument) {
  return signUblDocument(doc, { privateKeyPem, certificatePem, signingTime });
}

describe('signUblDocument', () => {
  it('signs the minified document without UBLExtensions and Signature, verifiable with the certificate', () => {
    const doc = buildUblDocument(sampleEInvoiceSource());
    const { document } = sign(doc);
    const signature = at(
      document.Invoice[0],
      'UBLExtensions',
      'UBLExtension',
      'ExtensionContent',
      'UBLDocumentSignatures',
      'SignatureInformation',
      'Signature',
    );
    const signatureValue = at(signature, 'SignatureValue')._ as string;
    const certificate = new X509Certificate(certificatePem);
    const signedBytes = Buffer.from(JSON.stringify(withoutSignature(document)), 'utf8');
    expect(
      verify('sha256', signedBytes, certificate.publicKey, Buffer.from(signatureValue, 'base64')),
    ).toBe(true);
    // The same bytes as the unsigned document the builder made: signing changes nothing else.
    expect(JSON.stringify(withoutSignature(document))).toBe(JSON.stringify(doc));
  });

  it('fills the digests the SDK names: DocDigest, CertDigest and PropsDigest', () => {
    const { document } = sign(buildUblDocument(sampleEInvoiceSource()));
    const signature = at(
      document.Invoice[0],
      'UBLExtensions',
      'UBLExtension',
      'ExtensionContent',
      'UBLDocumentSignatures',
      'SignatureInformation',
      'Signature',
    );
    const [propsReference, docReference] = at(signature, 'SignedInfo').Reference as Record<
      string,
      unknown
    >[];
    expect(docReference).toMatchObject({ URI: '', Type: '' });
    expect(at(docReference, 'DigestValue')._).toBe(documentDigest(document));

    const certificate = new X509Certificate(certificatePem);
    const qualifying = at(signature, 'Object', 'QualifyingProperties');
    const cert = at(
      qualifying,
      'SignedProperties',
      'SignedSignatureProperties',
      'SigningCertificate',
      'Cert',
    );
    expect(at(cert, 'CertDigest', 'DigestValue')._).toBe(
      createHash('sha256').update(certificate.raw).digest('base64'),
    );
    expect(at(cert, 'IssuerSerial', 'X509IssuerName')._).toBe(
      'CN=Test Supplier Sdn Bhd, O=Test Supplier, C=MY',
    );
    expect(at(cert, 'IssuerSerial', 'X509SerialNumber')._).toBe(
      BigInt(`0x${certificate.serialNumber}`).toString(),
    );
    expect(at(qualifying, 'SignedProperties', 'SignedSignatureProperties', 'SigningTime')._).toBe(
      '2026-11-27T08:31:02Z',
    );

    expect(propsReference).toMatchObject({
      URI: '#id-xades-signed-props',
      Type: 'http://uri.etsi.org/01903/v1.3.2#SignedProperties',
    });
    const propsDigest = createHash('sha256').update(JSON.stringify(qualifying)).digest('base64');
    expect(at(propsReference, 'DigestValue')._).toBe(propsDigest);
    expect(at(signature, 'KeyInfo', 'X509Data', 'X509Certificate')._).toBe(
      certificate.raw.toString('base64'),
    );
  });

  it('appends UBLExtensions and Signature last and hashes the submitted JSON (documentHash, hex)', () => {
    const { document, json, documentHash } = sign(buildUblDocument(sampleEInvoiceSource()));
    expect(Object.keys(document.Invoice[0]).slice(-2)).toEqual(['UBLExtensions', 'Signature']);
    expect(at(document.Invoice[0], 'Signature')).toEqual({
      ID: [{ _: 'urn:oasis:names:specification:ubl:signature:Invoice' }],
      SignatureMethod: [{ _: 'urn:oasis:names:specification:ubl:dsig:enveloped:xades' }],
    });
    expect(json).toBe(JSON.stringify(document));
    expect(json).not.toMatch(/\n/);
    expect(documentHash).toBe(createHash('sha256').update(json).digest('hex'));
  });

  it('signs a signed document again as if it were unsigned (the old signature is dropped)', () => {
    const once = sign(buildUblDocument(sampleEInvoiceSource()));
    const twice = sign(once.document);
    expect(twice.json).toBe(once.json);
  });

  it('reproduces the PropsDigest of the SDK sample (signature-creation-json, step 6)', () => {
    // Values from https://sdk.myinvois.hasil.gov.my/signature-creation-json/ steps 5 to 7.
    const qualifying = qualifyingPropertiesOf(
      'KKBSTyiPKGkGl1AFqcPziKCEIDYGtnYUTQN4ukO7G40=',
      'CN=Trial LHDNM Sub CA V1, OU=Terms of use at http://www.posdigicert.com.my, O=LHDNM, C=MY',
      '162880276254639189035871514749820882117',
      new Date('2024-07-23T15:14:54Z'),
    );
    const digest = createHash('sha256').update(JSON.stringify(qualifying)).digest('base64');
    expect(digest).toBe('Rzuzz+70GSnGBF1YxhHnjSzFpQ1MW4vyX/Q9bTHkE2c=');
  });
});
