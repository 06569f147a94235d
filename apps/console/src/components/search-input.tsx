import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

type SearchInputProps = {
  /** The accessible name, e.g. "Search clients"; the field shows only the placeholder. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Sizes the field, e.g. "sm:w-72". */
  className?: string;
};

/** A search field with a magnifier icon inside its left edge. */
export function SearchInput({ label, placeholder, value, onChange, className }: SearchInputProps) {
  return (
    <div className={cn('relative w-full', className)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-8"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
