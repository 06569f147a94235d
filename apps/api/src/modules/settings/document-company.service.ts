import { join } from 'node:path';
import type { AppContext } from '../../http/app-context';
import type { PdfCompany } from '../../pdf/billing-pdf';
import { presentSettings } from './settings.presenter';
import { readSettingsRow } from './settings.service';

/** The image types pdfkit can draw; a GIF or WebP logo is left off documents. */
const drawableLogoTypes = new Set(['image/png', 'image/jpeg']);

/** The company as documents print it, and the bank details invoices ask payment to. */
export interface DocumentCompany {
  company: PdfCompany;
  bankLines: string[];
  /** The supplier's SST registration number, printed beside the tax; empty when not registered. */
  sstRegistrationNumber: string;
  /** The company's time zone (IANA), in which documents print their dates. */
  timeZone: string;
}

const joined = (parts: (string | undefined)[], separator: string) =>
  parts.filter((part) => part && part.trim() !== '').join(separator);

/** The settings as every billing PDF prints them (spec 3 section 3: company settings). */
export async function documentCompany(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
): Promise<DocumentCompany> {
  const row = await readSettingsRow(ctx.db);
  const settings = presentSettings(row);
  const { address, bankDetails } = settings;
  const logo =
    row?.logoPath && drawableLogoTypes.has(row.logoMimeType ?? '')
      ? join(ctx.uploads.directory, row.logoPath)
      : undefined;
  return {
    company: {
      name: settings.companyName || 'Company',
      addressLines: [
        address.street,
        joined([address.postalCode, address.city], ' '),
        joined([address.state, address.country], ', '),
      ].filter((line) => line.trim() !== ''),
      contactLine: joined([settings.phone, settings.email, settings.website], ' · '),
      // Each number keeps its label on its line (no-break spaces); a line breaks only between them.
      registrationLine: joined(
        [
          settings.registrationNumber && `Reg. No. ${settings.registrationNumber}`,
          settings.taxSettings.sstRegistrationNumber &&
            `SST Reg. No. ${settings.taxSettings.sstRegistrationNumber}`,
          settings.taxNumber && `Tax No. ${settings.taxNumber}`,
        ].map((part) => part && part.replace(/ /g, '\u00a0')),
        ' · ',
      ),
      logoPath: logo,
    },
    bankLines: bankDetails.bankName
      ? [
          `Bank: ${bankDetails.bankName}`,
          `Account number: ${bankDetails.accountNumber}`,
          `Account name: ${bankDetails.accountName}`,
        ]
      : [],
    sstRegistrationNumber: settings.taxSettings.sstRegistrationNumber,
    timeZone: settings.timeSettings.timeZone,
  };
}
