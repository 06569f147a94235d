import {
  eInvoiceFieldMessages,
  emailPattern,
  generalTins,
  idValueProblem,
  isMyInvoisCode,
  malaysianPostcodePattern,
  myInvoisIdTypes,
  myInvoisSstPattern,
  tinPattern,
  tourismTaxPattern,
  type MyInvoisCodeTable,
} from '@patrol/contracts';
import type {
  EInvoiceAddress,
  EInvoiceLine,
  EInvoiceParty,
  EInvoiceSource,
} from './einvoice-source';

export interface PrecheckProblem {
  /** Where in the source, e.g. "buyer.tin" or "lines[2].unitCode". */
  field: string;
  message: string;
}
export type PrecheckResult = { ok: true } | { ok: false; errors: PrecheckProblem[] };

/** A rounding difference of one sen per line is tolerated, as MyInvois does. */
const senTolerance = 1;

/**
 * Refuses locally what MyInvois would reject: identifier formats, codes missing from the SDK's
 * tables, missing mandatory fields and totals that do not add up. Pure; every problem is listed.
 */
export function precheckEInvoiceSource(source: EInvoiceSource): PrecheckResult {
  const errors: PrecheckProblem[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  const required = (field: string, value: string | undefined | null, label: string, max = 300) => {
    if (!value || value.trim() === '') add(field, `${label} is required`);
    else if (value.length > max) add(field, `${label} must be ${max} characters or less`);
  };
  const code = (field: string, table: MyInvoisCodeTable, value: string, message: string) => {
    if (!isMyInvoisCode(table, value)) add(field, `${message} (${value || 'empty'})`);
  };

  required('number', source.number, 'Document number', 50);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(source.issueDate))
    add('issueDate', 'Issue date must be YYYY-MM-DD');
  if (!/^\d{2}:\d{2}:\d{2}$/.test(source.issueTime))
    add('issueTime', 'Issue time must be HH:MM:SS (UTC)');
  if (source.currency !== 'MYR') add('currency', 'Only MYR documents are issued');

  checkParty('supplier', source.supplier, add, required, code);
  const supplier = source.supplier;
  code('supplier.msicCode', 'msic', supplier.msicCode, eInvoiceFieldMessages.msic);
  required(
    'supplier.businessActivityDescription',
    supplier.businessActivityDescription,
    'Business activity description',
  );
  if (supplier.tourismTaxNumber && !tourismTaxPattern.test(supplier.tourismTaxNumber)) {
    add('supplier.tourismTaxNumber', eInvoiceFieldMessages.tourismTax);
  }
  checkParty('buyer', source.buyer, add, required, code);

  if (source.kind !== 'invoice') {
    if (!source.originalDocument)
      add('originalDocument', 'A note must name the document it adjusts');
    else
      required(
        'originalDocument.number',
        source.originalDocument.number,
        'Original document number',
        50,
      );
  }

  if (source.lines.length === 0) add('lines', 'A document needs at least one line');
  source.lines.forEach((line, index) => checkLine(`lines[${index}]`, line, add, required, code));
  checkTotals(source, add);
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}

type Add = (field: string, message: string) => void;
type Required = (
  field: string,
  value: string | undefined | null,
  label: string,
  max?: number,
) => void;
type Code = (field: string, table: MyInvoisCodeTable, value: string, message: string) => void;

function checkParty(
  prefix: string,
  party: EInvoiceParty,
  add: Add,
  required: Required,
  code: Code,
) {
  required(`${prefix}.name`, party.name, 'Registered name');
  if (!tinPattern.test(party.tin)) add(`${prefix}.tin`, eInvoiceFieldMessages.tin);
  if (prefix === 'buyer' && party.tin === generalTins.generalPublic && party.idValue === 'NA') {
    // A consolidated e-invoice's buyer: "NA" for the identification, address and contact
    // (IRBM e-Invoice Specific Guideline, Appendix 2), state 17 "Not Applicable". The same TIN
    // with an identification (an individual's MyKad) is checked as any buyer.
    required(`${prefix}.address.lines[0]`, party.address.lines[0], 'Address line');
    code(
      `${prefix}.address.stateCode`,
      'state',
      party.address.stateCode,
      eInvoiceFieldMessages.state,
    );
    return;
  }
  if (!(myInvoisIdTypes as readonly string[]).includes(party.idType)) {
    add(`${prefix}.idType`, 'ID type must be BRN, NRIC, PASSPORT or ARMY');
  } else {
    const problem = idValueProblem(party.idType, party.idValue);
    if (problem) add(`${prefix}.idValue`, problem);
  }
  if (party.sstNumber && !myInvoisSstPattern.test(party.sstNumber)) {
    add(`${prefix}.sstNumber`, eInvoiceFieldMessages.sst);
  }
  if (party.email && !emailPattern.test(party.email))
    add(`${prefix}.email`, 'Email address is not valid');
  required(`${prefix}.phone`, party.phone, 'Contact number', 20);
  checkAddress(`${prefix}.address`, party.address, add, required, code);
}

function checkAddress(
  prefix: string,
  address: EInvoiceAddress,
  add: Add,
  required: Required,
  code: Code,
) {
  required(`${prefix}.lines[0]`, address.lines[0], 'Address line');
  if (address.lines.length > 3) add(`${prefix}.lines`, 'An address has at most three lines');
  required(`${prefix}.city`, address.city, 'City', 50);
  code(`${prefix}.stateCode`, 'state', address.stateCode, eInvoiceFieldMessages.state);
  code(`${prefix}.countryCode`, 'country', address.countryCode, eInvoiceFieldMessages.country);
  if (address.countryCode === 'MYS' && !malaysianPostcodePattern.test(address.postcode)) {
    add(`${prefix}.postcode`, eInvoiceFieldMessages.postcode);
  }
}

function checkLine(prefix: string, line: EInvoiceLine, add: Add, required: Required, code: Code) {
  required(`${prefix}.description`, line.description, 'Description');
  code(
    `${prefix}.classificationCode`,
    'classification',
    line.classificationCode,
    eInvoiceFieldMessages.classification,
  );
  code(`${prefix}.unitCode`, 'unit', line.unitCode, eInvoiceFieldMessages.unit);
  code(`${prefix}.taxTypeCode`, 'taxType', line.taxTypeCode, eInvoiceFieldMessages.taxType);
  if (!(line.quantity > 0)) add(`${prefix}.quantity`, 'Quantity must be above zero');
  if (!(line.unitPriceSen >= 0)) add(`${prefix}.unitPriceSen`, 'Unit price cannot be negative');
  if (Math.abs(line.subtotalSen - Math.round(line.quantity * line.unitPriceSen)) > senTolerance) {
    add(`${prefix}.subtotalSen`, 'Subtotal is not quantity × unit price');
  }
  if (line.discountSen < 0 || line.discountSen > line.subtotalSen) {
    add(`${prefix}.discountSen`, 'Discount must be between zero and the subtotal');
  }
  if ((line.taxTypeCode === '06' || line.taxTypeCode === 'E') && line.taxAmountSen !== 0) {
    add(`${prefix}.taxAmountSen`, `Tax type ${line.taxTypeCode} carries no tax`);
  }
  if (line.taxTypeCode === 'E' && !line.taxExemptionReason?.trim()) {
    add(`${prefix}.taxExemptionReason`, 'An exempt line needs the exemption reason');
  }
  const expectedTax = Math.round(
    ((line.subtotalSen - line.discountSen) * line.taxRatePercent) / 100,
  );
  if (line.taxRatePercent < 0 || line.taxRatePercent > 100) {
    add(`${prefix}.taxRatePercent`, 'Tax rate must be between 0 and 100 percent');
  } else if (Math.abs(line.taxAmountSen - expectedTax) > senTolerance) {
    add(`${prefix}.taxAmountSen`, 'Tax amount is not the taxable amount × the tax rate');
  }
}

function checkTotals(source: EInvoiceSource, add: Add) {
  const sum = (pick: (line: EInvoiceLine) => number) =>
    source.lines.reduce((total, line) => total + pick(line), 0);
  const { totals } = source;
  const mismatch = (field: string, actual: number, expected: number, message: string) => {
    if (actual !== expected)
      add(`totals.${field}`, `${message} (${actual / 100} instead of ${expected / 100})`);
  };
  mismatch(
    'netSen',
    totals.netSen,
    sum((line) => line.subtotalSen - line.discountSen),
    'Net total is not the sum of the lines',
  );
  mismatch(
    'discountSen',
    totals.discountSen,
    sum((line) => line.discountSen),
    'Discount total is not the sum of the line discounts',
  );
  mismatch(
    'taxSen',
    totals.taxSen,
    sum((line) => line.taxAmountSen),
    'Tax total is not the sum of the line taxes',
  );
  mismatch(
    'taxExclusiveSen',
    totals.taxExclusiveSen,
    totals.netSen,
    'Total excluding tax is not the net total',
  );
  mismatch(
    'taxInclusiveSen',
    totals.taxInclusiveSen,
    totals.taxExclusiveSen + totals.taxSen,
    'Total including tax is not the total excluding tax plus tax',
  );
  mismatch(
    'payableSen',
    totals.payableSen,
    totals.taxInclusiveSen,
    'Amount payable is not the total including tax',
  );
  if (totals.payableSen < 0) add('totals.payableSen', 'Amount payable cannot be negative');
}
