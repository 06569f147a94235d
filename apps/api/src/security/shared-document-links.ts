import { sharedLinkMessages, type ShareLinkResponse, type SharedPdfQuery } from '@patrol/contracts';
import { malaysianMobileForWhatsApp } from '@patrol/domain';
import type { AppContext } from '../http/app-context';
import { AppError, forbidden } from '../http/app-error';
import { checkSignedLink, signLink } from './signed-links';

/** The documents a client can be sent a link to: each has its public PDF route. */
export type SharedDocumentKind = 'invoice' | 'quotation' | 'receipt';

type LinkDeps = Pick<AppContext, 'config'>;

// The subject is signed: a link made for one kind and id never opens another.
const linkSubject = (kind: SharedDocumentKind, id: string) => `${kind}-pdf:${id}`;

/** `/api/public/{kind}s/{id}/pdf`, the route a shared link opens. */
export const sharedPdfPath = (kind: SharedDocumentKind, id: string) =>
  `/api/public/${kind}s/${id}/pdf`;

/**
 * A link to a document's PDF that opens without an account until it expires (7 days), and the
 * client's Malaysian mobile number in WhatsApp's form (null for a landline or none).
 */
export function sharedDocumentLink(
  { config }: LinkDeps,
  kind: SharedDocumentKind,
  id: string,
  clientPhone: string | undefined,
  now: Date = new Date(),
): ShareLinkResponse {
  const { expires, signature } = signLink(config.jwtSecret, linkSubject(kind, id), now);
  const query = new URLSearchParams({ expires: String(expires), signature });
  return {
    success: true,
    url: `${config.appUrl}${sharedPdfPath(kind, id)}?${query}`,
    expiresAt: new Date(expires).toISOString(),
    mobile: malaysianMobileForWhatsApp(clientPhone),
  };
}

/** Throws 403 for a link not signed for this document, 410 for one past its expiry. */
export function assertSharedLink(
  { config }: LinkDeps,
  kind: SharedDocumentKind,
  id: string,
  query: SharedPdfQuery,
  now: Date = new Date(),
): void {
  const check = checkSignedLink(
    config.jwtSecret,
    linkSubject(kind, id),
    query.expires,
    query.signature,
    now,
  );
  if (check === 'invalid') throw forbidden(sharedLinkMessages.invalid);
  if (check === 'expired') throw new AppError(410, 'GONE', sharedLinkMessages.expired);
}
