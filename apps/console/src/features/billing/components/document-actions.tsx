import { whatsappShareUrl, type ShareSender } from '@patrol/domain';
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
 * WhatsApp share (spec 3 section 5): needs the company settings; opens wa.me with the client's
 * normalised number, or the generic share link without one.
 */
export function WhatsAppButton({
  kind,
  number,
  clientName,
  phone,
  disabled,
  message,
}: {
  kind: DocumentRef['kind'];
  number: string;
  clientName: string;
  phone: string | undefined;
  disabled?: boolean;
  /** Builds the text from the company's details. */
  message: (sender: ShareSender) => string;
}) {
  const sender = useShareSender();
  const share = () => {
    if (!sender) {
      toast.warning(loadingSettingsMessage);
      return;
    }
    try {
      // With noopener the browser answers null whether or not the tab opened.
      window.open(whatsappShareUrl(phone, message(sender)), '_blank', 'noopener,noreferrer');
      toast.success(`WhatsApp opened with ${kind} details for ${clientName}`);
    } catch {
      toast.error(`Failed to share ${kind} via WhatsApp`);
    }
  };
  return (
    <IconButton label={`Share ${number} on WhatsApp`} onClick={share} disabled={disabled}>
      <MessageCircleIcon className={disabled ? undefined : 'text-green-700'} />
    </IconButton>
  );
}
