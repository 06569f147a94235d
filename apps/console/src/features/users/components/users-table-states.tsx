import { Users } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';

/** The users table's row when no user matches (or none exists yet). */
export function EmptyRow({ searching }: { searching: boolean }) {
  return (
    <TableRow>
      <TableCell colSpan={6} className="py-10 text-center">
        <Users className="mx-auto mb-2 size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{searching ? 'No users match your search' : 'No users yet'}</p>
        <p className="text-muted-foreground">
          {searching
            ? 'Try another name, username or email, or clear the search.'
            : 'Add a user to give a colleague access to the console.'}
        </p>
      </TableCell>
    </TableRow>
  );
}

/** Placeholder rows while the first page loads. */
export function LoadingRows() {
  return Array.from({ length: 4 }, (_, index) => (
    <TableRow key={index}>
      <TableCell>
        <Skeleton className="mb-1 h-4 w-40" />
        <Skeleton className="h-3 w-52" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-28" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-16" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-16" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-32" />
      </TableCell>
      <TableCell />
    </TableRow>
  ));
}
