import { taxTypeLabels, type Product } from '@patrol/contracts';
import { formatMoney } from '@patrol/domain';
import { formatBusinessDateTime } from '@/lib/company-time';
import { ActiveBadge } from '@/components/status-badge';
import { humanise } from '@/features/billing/lib/billing-labels';
import { DetailList, DetailsDialog } from './detail-list';

/** Product Details: every field, read-only. */
export function ProductDetailsDialog({
  product,
  onOpenChange,
}: {
  product: Product | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DetailsDialog
      open={product !== null}
      onOpenChange={onOpenChange}
      title="Product Details"
      description={product?.name}
    >
      {product && (
        <DetailList
          items={[
            ['Product ID', <span className="font-mono">{product.productId}</span>],
            ['Description', product.description || '—'],
            ['Category', humanise(product.category)],
            ['Unit price', formatMoney(product.unitPrice)],
            ['Unit', humanise(product.unit)],
            ['Minimum quantity', product.minQuantity],
            ['Tax', taxTypeLabels[product.taxType]],
            ['Status', <ActiveBadge active={product.active} />],
            ['Notes', product.notes || '—'],
            ['Created', formatBusinessDateTime(product.createdAt)],
            ['Updated', formatBusinessDateTime(product.updatedAt)],
          ]}
        />
      )}
    </DetailsDialog>
  );
}
