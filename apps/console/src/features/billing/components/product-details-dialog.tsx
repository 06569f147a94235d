import type { Product } from '@patrol/contracts';
import { formatBusinessDateTime, formatMoney } from '@patrol/domain';
import { ActiveBadge } from '@/components/status-badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { humanise } from '@/features/billing/lib/billing-labels';
import { DetailList } from './detail-list';

/** Product Details: every field, read-only. */
export function ProductDetailsDialog({
  product,
  onOpenChange,
}: {
  product: Product | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={product !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Product Details</DialogTitle>
          <DialogDescription>{product?.name}</DialogDescription>
        </DialogHeader>
        {product && (
          <DetailList
            items={[
              ['Product ID', <span className="font-mono">{product.productId}</span>],
              ['Description', product.description || '—'],
              ['Category', humanise(product.category)],
              ['Unit price', formatMoney(product.unitPrice)],
              ['Unit', humanise(product.unit)],
              ['Minimum quantity', product.minQuantity],
              ['Taxable', product.taxable ? 'Yes' : 'No'],
              ['Status', <ActiveBadge active={product.active} />],
              ['Notes', product.notes || '—'],
              ['Created', formatBusinessDateTime(product.createdAt)],
              ['Updated', formatBusinessDateTime(product.updatedAt)],
            ]}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
