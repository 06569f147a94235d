import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDownloadCycle } from '@/lib/download';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';
import { PdfButton, useShareSender, WhatsAppButton } from './document-actions';

const settings = {
  success: true,
  settings: { companyName: 'Patrol Provider Sdn Bhd', phone: '', email: '', bankDetails: {} },
};

function ShareInvoice({
  awaitingValidation = false,
  phone = '012-345 6789',
  pdfLink,
}: {
  awaitingValidation?: boolean;
  phone?: string;
  pdfLink?: () => Promise<{ url: string; expiresAt: string }>;
}) {
  return (
    <WhatsAppButton
      kind="invoice"
      number="INV-1"
      clientName="Aman Guards"
      phone={phone}
      blocked={
        awaitingValidation
          ? { paymentStatus: 'paid', paymentValidationStatus: 'pending_validation' }
          : {}
      }
      pdfLink={pdfLink}
      message={(sender) => `Invoice INV-1 from ${sender.companyName} & co`}
    />
  );
}

/** Says when the share button's settings have arrived. */
function SettingsLoaded() {
  return useShareSender() ? <span>settings loaded</span> : null;
}

function InvoicePdf() {
  const { stateOf, run } = useDownloadCycle();
  const document = { kind: 'invoice' as const, id: 'inv-1', number: 'INV-1' };
  return <PdfButton document={document} state={stateOf(document.id)} run={run} />;
}

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('WhatsAppButton', () => {
  it('opens WhatsApp with the normalised number and the encoded text', async () => {
    stubApi({ 'GET /api/settings': () => jsonResponse(settings) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(
      <>
        <ShareInvoice />
        <SettingsLoaded />
      </>,
    );
    await screen.findByText('settings loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Share INV-1 on WhatsApp' }));
    expect(open).toHaveBeenCalledWith(
      'https://wa.me/60123456789?text=Invoice%20INV-1%20from%20Patrol%20Provider%20Sdn%20Bhd%20%26%20co',
      '_blank',
      'noopener,noreferrer',
    );
    expect(
      await screen.findByText('WhatsApp opened with invoice details for Aman Guards'),
    ).toBeInTheDocument();
  });

  it('asks to wait while the company settings load', async () => {
    stubApi({ 'GET /api/settings': () => new Promise<Response>(() => {}) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(<ShareInvoice />);
    await userEvent.click(screen.getByRole('button', { name: 'Share INV-1 on WhatsApp' }));
    expect(
      await screen.findByText('Loading company settings, please try again in a moment'),
    ).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('is disabled while the invoice awaits validation, and says why', () => {
    stubApi({ 'GET /api/settings': () => jsonResponse(settings) });
    renderScreen(<ShareInvoice awaitingValidation />);
    const button = screen.getByRole('button', { name: 'Share INV-1 on WhatsApp' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'WhatsApp is unavailable while the payment awaits validation',
    );
  });

  it("is disabled for a landline: WhatsApp needs the client's mobile number", () => {
    stubApi({ 'GET /api/settings': () => jsonResponse(settings) });
    renderScreen(<ShareInvoice phone="03-2161 1234" />);
    const button = screen.getByRole('button', { name: 'Share INV-1 on WhatsApp' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/mobile number \(01x or \+601x\)/);
  });

  it('ends the text with the signed link to the PDF', async () => {
    stubApi({ 'GET /api/settings': () => jsonResponse(settings) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const pdfLink = vi.fn(async () => ({
      url: 'https://console.test/api/public/invoices/inv-1/pdf?expires=1&signature=ab',
      expiresAt: '2026-12-04T00:00:00.000Z',
    }));
    renderScreen(
      <>
        <ShareInvoice pdfLink={pdfLink} />
        <SettingsLoaded />
      </>,
    );
    await screen.findByText('settings loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Share INV-1 on WhatsApp' }));
    await screen.findByText('WhatsApp opened with invoice details for Aman Guards');
    const text = decodeURIComponent(
      new URL(open.mock.calls[0]![0] as string).searchParams.get('text')!,
    );
    expect(text).toContain(
      'PDF (link valid until 04/12/2026): https://console.test/api/public/invoices/inv-1/pdf?expires=1&signature=ab',
    );
  });
});

describe('PdfButton', () => {
  it("says the document's 404 text and shows Download Failed", async () => {
    stubApi({
      'GET /api/business/invoices/inv-1/download': () =>
        jsonResponse({ success: false, message: 'Invoice not found' }, 404),
    });
    renderScreen(<InvoicePdf />);
    await userEvent.click(screen.getByRole('button', { name: 'Download INV-1 PDF' }));
    expect(
      await screen.findByText('Invoice not found. Please refresh and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Failed' })).toBeInTheDocument();
  });

  it('refuses an empty file', async () => {
    stubApi({
      'GET /api/business/invoices/inv-1/download': () => new Response('', { status: 200 }),
    });
    renderScreen(<InvoicePdf />);
    await userEvent.click(screen.getByRole('button', { name: 'Download INV-1 PDF' }));
    expect(await screen.findByText('Received empty PDF file')).toBeInTheDocument();
  });
});
