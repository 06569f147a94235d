import { z } from 'zod';
import { successResponse } from '../fields';
import { myInvoisIdTypes } from './document-types';

/**
 * GET /api/business/einvoices/taxpayers/{tin}/validate?idType=BRN&idValue=…: the SDK's
 * "Validate Taxpayer's TIN" call made for the client form (route owned by the e-invoice
 * submission module).
 */
export const validateTaxpayerTinParamsSchema = z.object({ tin: z.string().trim().min(1).max(20) });
export type ValidateTaxpayerTinParams = z.infer<typeof validateTaxpayerTinParamsSchema>;

export const validateTaxpayerTinQuerySchema = z.object({
  idType: z.enum(myInvoisIdTypes, { error: 'Choose the ID type (BRN, NRIC, PASSPORT or ARMY)' }),
  idValue: z.string().trim().min(1, 'Enter the ID number').max(20),
});
export type ValidateTaxpayerTinQuery = z.infer<typeof validateTaxpayerTinQuerySchema>;

/** valid: LHDN knows the TIN with that ID; notFound: it does not; off: e-invoicing is not configured. */
export const taxpayerTinStatuses = ['valid', 'notFound', 'off'] as const;
export type TaxpayerTinStatus = (typeof taxpayerTinStatuses)[number];

export const validateTaxpayerTinResponseSchema = successResponse({
  status: z.enum(taxpayerTinStatuses),
  /** What the console shows, e.g. "e-Invoicing is off: set MYINVOIS_CLIENT_ID …". */
  message: z.string(),
});
export type ValidateTaxpayerTinResponse = z.infer<typeof validateTaxpayerTinResponseSchema>;

/** The console's words for each answer. */
export const taxpayerTinStatusLabels: Record<TaxpayerTinStatus, string> = {
  valid: 'Valid',
  notFound: 'Not found',
  off: 'e-Invoicing is off',
};
