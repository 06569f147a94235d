import { createHash, createPrivateKey, sign, X509Certificate } from 'node:crypto';
import { leaf, one, type UblDocument, type UblElement } from './ubl-json';

/** What signing needs: the taxpayer's key and certificate (PEM) and the moment of signing. */
export interface SigningMaterial {
  privateKeyPem: string;
  certificatePem: string;
  signingTime: Date;
}

export interface SignedUblDocument {
  /** The document with UBLExtensions and Signature added. */
  document: UblDocument;
  /** The minified JSON as submitted (the signature holds only for these exact bytes). */
  json: string;
  /** SHA-256 of `json`, hex: the documentHash of the Submit Documents call. */
  documentHash: string;
}

const sha256Algorithm = 'http://www.w3.org/2001/04/xmlenc#sha256';
const signedPropertiesId = 'id-xades-signed-props';
const signatureId = 'signature';

/**
 * Signs a document as the SDK's "Signing a JSON document" page does
 * (sdk.myinvois.hasil.gov.my/signature-creation-json/), step by step:
 * 1. remove UBLExtensions and Signature and minify; 2. SHA-256 of the minified bytes, base64
 * (DocDigest); 3. RSA-SHA256 signature of those bytes with the private key (Sig); 4. SHA-256 of
 * the certificate's DER bytes, base64 (CertDigest); 5. the signed properties (signing time,
 * certificate digest, issuer name and serial number); 6. SHA-256 of the minified
 * QualifyingProperties, base64 (PropsDigest); 7. UBLExtensions and Signature added to the Invoice.
 */
export function signUblDocument(doc: UblDocument, material: SigningMaterial): SignedUblDocument {
  const unsigned = withoutSignature(doc);
  const minified = JSON.stringify(unsigned);
  const docDigest = base64Sha256(minified);
  const signatureValue = sign(
    'sha256',
    Buffer.from(minified, 'utf8'),
    createPrivateKey(material.privateKeyPem),
  ).toString('base64');

  const certificate = new X509Certificate(material.certificatePem);
  const certDigest = createHash('sha256').update(certificate.raw).digest('base64');
  const issuerName = distinguishedName(certificate.issuer);
  const serialNumber = BigInt(`0x${certificate.serialNumber}`).toString(10);

  const qualifyingProperties = qualifyingPropertiesOf(
    certDigest,
    issuerName,
    serialNumber,
    material.signingTime,
  );
  const propsDigest = base64Sha256(JSON.stringify(qualifyingProperties));

  const signature: UblElement = {
    Id: signatureId,
    Object: one({ QualifyingProperties: [qualifyingProperties] }),
    KeyInfo: one({
      X509Data: one({
        X509Certificate: leaf(certificate.raw.toString('base64')),
        X509SubjectName: leaf(distinguishedName(certificate.subject)),
        X509IssuerSerial: one({
          X509IssuerName: leaf(issuerName),
          X509SerialNumber: leaf(serialNumber),
        }),
      }),
    }),
    SignatureValue: leaf(signatureValue),
    SignedInfo: one({
      SignatureMethod: leaf('', { Algorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256' }),
      Reference: [
        {
          Type: 'http://uri.etsi.org/01903/v1.3.2#SignedProperties',
          URI: `#${signedPropertiesId}`,
          DigestMethod: leaf('', { Algorithm: sha256Algorithm }),
          DigestValue: leaf(propsDigest),
        },
        {
          Type: '',
          URI: '',
          DigestMethod: leaf('', { Algorithm: sha256Algorithm }),
          DigestValue: leaf(docDigest),
        },
      ],
    }),
  };

  const [invoice] = unsigned.Invoice;
  const signedInvoice: UblElement = {
    ...invoice,
    UBLExtensions: one({
      UBLExtension: one({
        ExtensionURI: leaf('urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
        ExtensionContent: one({
          UBLDocumentSignatures: one({
            SignatureInformation: one({
              ID: leaf('urn:oasis:names:specification:ubl:signature:1'),
              ReferencedSignatureID: leaf('urn:oasis:names:specification:ubl:signature:Invoice'),
              Signature: [signature],
            }),
          }),
        }),
      }),
    }),
    Signature: one({
      ID: leaf('urn:oasis:names:specification:ubl:signature:Invoice'),
      SignatureMethod: leaf('urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
    }),
  };
  const document: UblDocument = { ...unsigned, Invoice: [signedInvoice] };
  const json = JSON.stringify(document);
  return { document, json, documentHash: createHash('sha256').update(json, 'utf8').digest('hex') };
}

/** Step 5 of the SDK page: the QualifyingProperties whose minified JSON is digested (PropsDigest). */
export function qualifyingPropertiesOf(
  certDigest: string,
  issuerName: string,
  serialNumber: string,
  signingTime: Date,
) {
  return {
    Target: signatureId,
    SignedProperties: [
      {
        Id: signedPropertiesId,
        SignedSignatureProperties: [
          {
            SigningTime: leaf(signingTimeText(signingTime)),
            SigningCertificate: one({
              Cert: one({
                CertDigest: one({
                  DigestMethod: leaf('', { Algorithm: sha256Algorithm }),
                  DigestValue: leaf(certDigest),
                }),
                IssuerSerial: one({
                  X509IssuerName: leaf(issuerName),
                  X509SerialNumber: leaf(serialNumber),
                }),
              }),
            }),
          },
        ],
      },
    ],
  };
}

/** Step 2 of the SDK: the document without UBLExtensions and Signature (a copy). */
export function withoutSignature(doc: UblDocument): UblDocument {
  const copy = JSON.parse(JSON.stringify(doc)) as UblDocument;
  delete copy.Invoice[0].UBLExtensions;
  delete copy.Invoice[0].Signature;
  return copy;
}

/** The DocDigest of a document: base64 SHA-256 of its minified form without the signature. */
export function documentDigest(doc: UblDocument): string {
  return base64Sha256(JSON.stringify(withoutSignature(doc)));
}

function base64Sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** Node lists a name's parts one a line, most general first; the SDK writes "CN=…, O=…, C=MY". */
function distinguishedName(nodeName: string): string {
  return nodeName.split('\n').filter(Boolean).reverse().join(', ');
}

/** UTC without milliseconds, as the SDK's sample: 2024-07-23T15:14:54Z. */
function signingTimeText(time: Date): string {
  return time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
