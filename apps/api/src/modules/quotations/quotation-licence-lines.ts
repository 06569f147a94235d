import { licenceBillingMessages, type LicenceAction, type Product } from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import { invalid } from '../../http/app-error';
import { licenceHolders } from '../licences/licence-billing.service';

// The licence lines of a quotation: a line of a licence product says whether it sells new keys or
// renews chosen keys of the quotation's client; no other line says either.

interface LicenceLineInput {
  productId?: string | null;
  quantity: number;
  licenceAction?: LicenceAction | null;
  renewalLicenceIds?: readonly string[];
}

/**
 * 400 with a message per line when a line that is not of a licence product names an action, or a
 * renewal names keys that are not the client's (`clientId`, the client's row id).
 * `products` holds the lines' catalogue products; a line whose product is not in it is judged on
 * its keys only.
 */
export async function checkLicenceLines(
  db: DbExecutor,
  clientId: string | null,
  items: readonly LicenceLineInput[],
  products?: ReadonlyMap<string, Product>,
): Promise<void> {
  const holders = await licenceHolders(db, renewedKeys(items));
  throwLicenceLineErrors(clientId, items, products, holders);
}

/** Every key the renewal lines of `items` name. */
export function renewedKeys(items: readonly LicenceLineInput[]): string[] {
  return items.flatMap((item) =>
    item.licenceAction === 'renewal' ? [...(item.renewalLicenceIds ?? [])] : [],
  );
}

/** checkLicenceLines with the keys' holders already read (`holders`: key id to client row id). */
export function throwLicenceLineErrors(
  clientId: string | null,
  items: readonly LicenceLineInput[],
  products: ReadonlyMap<string, Product> | undefined,
  holders: ReadonlyMap<string, string>,
): void {
  const errors: Record<string, string> = {};
  items.forEach((item, index) => {
    if (!products) return;
    const product = item.productId ? products.get(item.productId) : undefined;
    // A licence product's line without an action sells new keys (see taxedInputs).
    if (product?.category !== 'licence' && item.licenceAction) {
      errors[`items.${index}.licenceAction`] = licenceBillingMessages.licenceActionRefused;
    }
  });
  items.forEach((item, index) => {
    if (item.licenceAction !== 'renewal') return;
    const held = (id: string) => clientId !== null && holders.get(id) === clientId;
    if (!(item.renewalLicenceIds ?? []).every(held)) {
      errors[`items.${index}.renewalLicenceIds`] = licenceBillingMessages.renewalKeysUnknown;
    }
  });
  const messages = Object.values(errors);
  if (messages.length > 0) throw invalid(messages[0]!, errors);
}

/** The licence columns of a line as stored: renewed keys only on a renewal line. */
export function storedLicenceFields(item: LicenceLineInput) {
  return {
    licenceAction: item.licenceAction ?? null,
    renewalLicenceIds:
      item.licenceAction === 'renewal' ? [...(item.renewalLicenceIds ?? [])] : null,
  };
}
