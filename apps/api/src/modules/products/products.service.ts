import {
  buildPagination,
  licenceProductIssues,
  productMessages,
  productTaxAgrees,
  type CreateProductBody,
  type ListProductsQuery,
  type ListProductsResponse,
  type MessageResponse,
  type Product,
  type ProductResponse,
  type TaxType,
  type UpdateProductBody,
} from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import { moneyColumn } from '../../db/column-values';
import type { ProductRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordRowChange } from '../audit/audit.service';
import { nextDocumentNumber } from '../settings/numbering.service';
import { readCompanySettings } from '../settings/settings.service';
import { presentProduct } from './products.presenter';
import {
  deleteProductRow,
  findProductForUpdate,
  findProductPage,
  findProductsByIds,
  insertProduct,
  updateProductRow,
} from './products.repo';

/** What the product services use of the application context. */
type ProductDeps = Pick<AppContext, 'db' | 'events'>;

export const productRuleMessages = {
  notFound: 'Product not found',
  updated: 'Product updated successfully',
  deleted: 'Product deleted successfully',
  activated: 'Product activated successfully',
  deactivated: 'Product deactivated successfully',
} as const;

/** 'Product "Patrol licence" created with ID PRD-MP-2026-000001' (spec 3 section 8: name and ID). */
export function productCreatedMessage(product: Pick<Product, 'name' | 'productId'>): string {
  return `Product "${product.name}" created with ID ${product.productId}`;
}

/** GET /api/business/products: a page of the catalogue with its filters. */
export async function listProducts(
  db: DbExecutor,
  query: ListProductsQuery,
): Promise<ListProductsResponse> {
  const { rows, totalCount } = await findProductPage(db, query);
  return {
    success: true,
    products: rows.map(presentProduct),
    pagination: buildPagination(query.page, query.limit, totalCount),
  };
}

/** Catalogue products by row id, presented (a quotation's picked lines); unknown ids are absent. */
export async function productsByIds(db: DbExecutor, ids: readonly string[]): Promise<Product[]> {
  return (await findProductsByIds(db, ids)).map(presentProduct);
}

/** Adds a product numbered from the settings (the number is taken in the same transaction). */
export async function createProduct(
  { db, events }: ProductDeps,
  actor: AuthUser,
  body: CreateProductBody,
): Promise<ProductResponse> {
  const row = await db.transaction(async (tx) => {
    const taxType = body.taxType ?? (body.taxable ? await settingsSstKind(tx) : 'EXEMPT');
    const { number } = await nextDocumentNumber(tx, 'product');
    const created = await insertProduct(tx, {
      ...body,
      taxType,
      productId: number,
      unitPrice: moneyColumn(body.unitPrice),
    });
    await auditProduct(tx, actor, 'product.created', null, created);
    return created;
  });
  const product = presentProduct(row);
  events.publish('billingUpdated', { entity: 'product', action: 'created', id: product.id });
  return { success: true, message: productCreatedMessage(product), product };
}

/** Saves the changed fields of a product; 404 'Product not found'. */
export async function updateProduct(
  deps: ProductDeps,
  actor: AuthUser,
  id: string,
  body: UpdateProductBody,
): Promise<ProductResponse> {
  const { unitPrice, ...fields } = body;
  return changeProduct(
    deps,
    actor,
    id,
    'product.updated',
    productRuleMessages.updated,
    async (tx, current) => ({
      ...fields,
      ...licenceChange(current, body),
      ...(await taxChange(tx, current, body)),
      ...(unitPrice === undefined ? {} : { unitPrice: moneyColumn(unitPrice) }),
    }),
  );
}

/**
 * The licence type and validity after an edit. Moving a product out of `licence` clears them; the
 * product as it would be is judged (required for licence, refused otherwise) when the edit touches
 * its category or licence fields, so older licence products keep their other edits.
 */
function licenceChange(
  current: ProductRow,
  body: UpdateProductBody,
): Pick<ProductRow, 'licenceType' | 'validityDays'> {
  const touched =
    body.category !== undefined ||
    body.licenceType !== undefined ||
    body.validityDays !== undefined;
  if (!touched) return { licenceType: current.licenceType, validityDays: current.validityDays };
  const category = body.category ?? current.category;
  const kept = category === 'licence';
  const next = {
    category,
    licenceType:
      body.licenceType !== undefined ? body.licenceType : kept ? current.licenceType : null,
    validityDays:
      body.validityDays !== undefined ? body.validityDays : kept ? current.validityDays : null,
  };
  const issues = licenceProductIssues(next);
  if (issues.length > 0) {
    throw invalid(
      issues[0]!.message,
      Object.fromEntries(issues.map((issue) => [issue.path, issue.message])),
    );
  }
  return { licenceType: next.licenceType, validityDays: next.validityDays };
}

/** The SST kind a taxable product gets when none is named: the settings' default, else service tax. */
async function settingsSstKind(db: DbExecutor): Promise<TaxType> {
  const { defaultTaxType } = (await readCompanySettings(db)).taxSettings;
  return defaultTaxType === 'EXEMPT' ? 'SERVICE_TAX' : defaultTaxType;
}

/**
 * The taxable flag and tax type after an edit, kept in agreement: naming one moves the other
 * with it (taxable again takes the settings' SST kind); naming both in disagreement is refused.
 */
async function taxChange(
  db: DbExecutor,
  current: ProductRow,
  body: UpdateProductBody,
): Promise<Pick<ProductRow, 'taxable' | 'taxType'>> {
  if (body.taxType !== undefined) {
    const taxable = body.taxable ?? body.taxType !== 'EXEMPT';
    if (!productTaxAgrees(taxable, body.taxType)) {
      throw invalid(productMessages.taxTypeMismatch, { taxType: productMessages.taxTypeMismatch });
    }
    return { taxable, taxType: body.taxType };
  }
  const taxable = body.taxable ?? current.taxable;
  if (productTaxAgrees(taxable, current.taxType)) return { taxable, taxType: current.taxType };
  return { taxable, taxType: taxable ? await settingsSstKind(db) : 'EXEMPT' };
}

/** The row switch: activate or deactivate; 404 'Product not found'. */
export function setProductStatus(
  deps: ProductDeps,
  actor: AuthUser,
  id: string,
  active: boolean,
): Promise<ProductResponse> {
  const message = active ? productRuleMessages.activated : productRuleMessages.deactivated;
  return changeProduct(deps, actor, id, 'product.status_changed', message, () => ({ active }));
}

/**
 * Deletes a product. Quotation and invoice lines keep their own copy of name, description and
 * price, so documents that used it are unchanged (their link to the catalogue is cleared).
 */
export async function deleteProduct(
  { db, events }: ProductDeps,
  actor: AuthUser,
  id: string,
): Promise<MessageResponse> {
  await db.transaction(async (tx) => {
    const current = await findProductForUpdate(tx, id);
    if (!current) throw notFound(productRuleMessages.notFound);
    await deleteProductRow(tx, id);
    await auditProduct(tx, actor, 'product.deleted', current, null);
  });
  events.publish('billingUpdated', { entity: 'product', action: 'deleted', id });
  return { success: true, message: productRuleMessages.deleted };
}

async function changeProduct(
  { db, events }: ProductDeps,
  actor: AuthUser,
  id: string,
  action: 'product.updated' | 'product.status_changed',
  message: string,
  values: (
    tx: DbExecutor,
    current: ProductRow,
  ) => Parameters<typeof updateProductRow>[2] | Promise<Parameters<typeof updateProductRow>[2]>,
): Promise<ProductResponse> {
  const row = await db.transaction(async (tx) => {
    const current = await findProductForUpdate(tx, id);
    if (!current) throw notFound(productRuleMessages.notFound);
    const updated = await updateProductRow(tx, id, await values(tx, current));
    await auditProduct(tx, actor, action, current, updated);
    return updated;
  });
  const product = presentProduct(row);
  const eventAction = action === 'product.updated' ? 'updated' : 'status_changed';
  events.publish('billingUpdated', { entity: 'product', action: eventAction, id });
  return { success: true, message, product };
}

/** Writes a product change to the audit trail. */
function auditProduct(
  tx: DbExecutor,
  actor: AuthUser,
  action: string,
  before: ProductRow | null,
  after: ProductRow | null,
): Promise<void> {
  return recordRowChange(tx, {
    actorId: actor.id,
    requestId: actor.requestId,
    action,
    entityType: 'product',
    before,
    after,
  });
}
