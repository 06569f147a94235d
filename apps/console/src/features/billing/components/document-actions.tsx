import {
  malaysianMobileForWhatsApp,
  whatsappBlockedReason,
  whatsappShareUrl,
  type ShareSender,
} from '@patrol/domain';
import { formatBusinessDate } from '@/lib/company-time';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, FileDownIcon, LoaderCircleIcon, MessageCircleIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import {
  downloadDocumentPdf,
  pdfNotFoundMessages,
  type DocumentRef,
} from '@/features/billing/api/documents';
import { settingsQueryOptions } from '@/lib/company-settings-query';
import { pdfDownloadErrorMessage, type DownloadState } from '@/lib/download';
import { IconButton } from './icon-button';

const pdfIcons: Record<DownloadState, ReactNode> = {
  idle: <FileDownIcon />,
  loading: <LoaderCircleIcon className="animate-spin" />,
  success: <CheckIcon className="text-green-700" />,
  error: <XIcon className="text-destructive" />,
};

/**
 * The PDF button of a row (spec 3 section 4): loading, then success or a red 'Download Failed'
 * for 3 seconds; the failure's message of spec 3 section 8 as a toast.
 */
export function PdfButton({
  document,
  state,
  run,
}: {
  document: DocumentRef;
  state: DownloadState;
  run: (id: string, download: () => Promise<void>) => Promise<boolean>;
}) {
  const label =
    state === 'error'
      ? 'Download Failed'
      : state === 'loading'
        ? `Downloading ${document.number} PDF`
        : `Download ${document.number} PDF`;
  const download = () =>
    run(document.id, () => downloadDocumentPdf(document)).catch((error: unknown) =>
      toast.error(pdfDownloadErrorMessage(error, pdfNotFoundMessages[document.kind])),
    );
  return (
    <IconButton label={label} onClick={() => void download()} disabled={state === 'loading'}>
      {pdfIcons[state]}
    </IconButton>
  );
}

/** The company's details for shared messages, once the settings have loaded. */
export function useShareSender(): ShareSender | undefined {
  const settings = useQuery(settingsQueryOptions());
  return settings.data;
}

export const loadingSettingsMessage = 'Loading company settings, please try again in a moment';

/**
 * WhatsApp share (spec 3 section 5): needs the company settings and the client's mobile number
 * (a landline cannot take WhatsApp); disabled, it says why. With `pdfLink`, the text ends with a
 * signed, expiring link to the document's PDF, asked for at the moment of sharing.
 */
export function WhatsAppButton({
  kind,
  number,
  clientName,
  phone,
  blocked,
  pdfLink,
  message,
}: {
  kind: DocumentRef['kind'];
  number: string;
  clientName: string;
  phone: string | undefined;
  /** The document's own state that rules sharing out (void, awaiting validation). */
  blocked?: { isVoided?: boolean; paymentStatus?: string; paymentValidationStatus?: string };
  pdfLink?: () => Promise<{ url: string; expiresAt: string }>;
  /** Builds the text from the company's details. */
  message: (sender: ShareSender) => string;
}) {
  const sender = useShareSender();
  const reason = whatsappBlockedReason({ phone, ...blocked });
  const share = async () => {
    if (!sender) {
      toast.warning(loadingSettingsMessage);
      return;
    }
    try {
      const link = pdfLink ? await pdfLink() : null;
      const text = link
        ? `${message(sender)}\n\nPDF (link valid until ${formatBusinessDate(link.expiresAt)}): ${link.url}`
        : message(sender);
      // With noopener the browser answers null whether or not the tab opened.
      const mobile = malaysianMobileForWhatsApp(phone);
      window.open(whatsappShareUrl(mobile, text), '_blank', 'noopener,noreferrer');
      toast.success(`WhatsApp opened with ${kind} details for ${clientName}`);
    } catch (error) {
      toast.error(
        error instanceof Error && error.message
          ? `Failed to share ${kind} via WhatsApp: ${error.message}`
          : `Failed to share ${kind} via WhatsApp`,
      );
    }
  };
  return (
    <IconButton
      label={`Share ${number} on WhatsApp`}
      onClick={() => void share()}
      disabledReason={reason}
    >
      <MessageCircleIcon className={reason ? undefined : 'text-green-700'} />
    </IconButton>
  );
}
