import type { Product } from '@patrol/contracts';
import { canPerform, formatMoney } from '@patrol/domain';
import { EyeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { humanise } from '@/features/billing/lib/billing-labels';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';
import { billingTableClass } from './billing-list-card';
import { IconButton, RowActions } from './icon-button';
import type { useOptimisticProductStatus } from './use-optimistic-product-status';

/** A product this young is highlighted and tagged NEW (spec 3 section 2). */
const newProductMs = 5 * 60 * 1000;

/** A dialog of the Products tab, opened from a product's row. */
export type ProductRowDialog = { kind: 'edit' | 'view' | 'delete'; product: Product };

type ProductsTableProps = {
  products: readonly Product[];
  toggle: ReturnType<typeof useOptimisticProductStatus>;
  onOpen: (dialog: ProductRowDialog) => void;
};

/** The catalogue's rows: the active switch and the actions the user's permissions allow. */
export function ProductsTable({ products, toggle, onOpen }: ProductsTableProps) {
  const { user } = useAuth();
  const now = useNow(60_000);
  const can = {
    status: canPerform(user, 'setProductStatus'),
    edit: canPerform(user, 'editProduct'),
    remove: canPerform(user, 'deleteProduct'),
  };
  return (
    <Table className={billingTableClass}>
      <TableHeader>
        <TableRow>
          <TableHead>Product ID</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Category</TableHead>
          <TableHead numeric>Unit Price</TableHead>
          <TableHead>Unit</TableHead>
          <TableHead>Status</TableHead>
          <TableHead numeric>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product) => {
          const isNew = now.getTime() - Date.parse(product.createdAt) < newProductMs;
          return (
            <TableRow
              key={product.id}
              className={cn(isNew && 'bg-primary/5', !product.active && 'opacity-60')}
            >
              <TableCell className="font-mono text-xs whitespace-nowrap">
                {product.productId}
              </TableCell>
              <TableCell>
                <div className="flex items-center gap-2 font-medium">
                  {product.name}
                  {isNew && <Badge variant="success">NEW</Badge>}
                </div>
                {product.description && (
                  <div className="max-w-xs truncate text-xs text-muted-foreground">
                    {product.description}
                  </div>
                )}
              </TableCell>
              <TableCell>{humanise(product.category)}</TableCell>
              <TableCell numeric>{formatMoney(product.unitPrice)}</TableCell>
              <TableCell>{humanise(product.unit)}</TableCell>
              <TableCell>
                <Switch
                  checked={product.active}
                  disabled={!can.status || toggle.isRunning(product.id)}
                  onCheckedChange={(active) => void toggle.run(product, active)}
                  aria-label={`${product.name} active`}
                />
              </TableCell>
              <TableCell>
                <RowActions>
                  <IconButton
                    label={`View ${product.name}`}
                    onClick={() => onOpen({ kind: 'view', product })}
                  >
                    <EyeIcon />
                  </IconButton>
                  {can.edit && (
                    <IconButton
                      label={`Edit ${product.name}`}
                      onClick={() => onOpen({ kind: 'edit', product })}
                    >
                      <PencilIcon />
                    </IconButton>
                  )}
                  {can.remove && (
                    <IconButton
                      label={`Delete ${product.name}`}
                      onClick={() => onOpen({ kind: 'delete', product })}
                    >
                      <Trash2Icon className="text-destructive" />
                    </IconButton>
                  )}
                </RowActions>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
