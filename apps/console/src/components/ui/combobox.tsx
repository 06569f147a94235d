import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { Input } from '@/components/ui/input';

export type ComboboxOption = { value: string; label: string };

type ComboboxProps = {
  id: string;
  options: readonly ComboboxOption[];
  /** The chosen value, '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** How many matches the list shows at most (long tables such as MSIC have 1,000+ rows). */
  limit?: number;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A text field that filters a list as you type (WAI-ARIA combobox with a listbox popup): arrow
 * keys move through the matches, Enter picks one, Escape closes the list, and clearing the text
 * clears the value. Matches by code or words of the label.
 */
export function Combobox({
  id,
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  limit = 50,
  ...aria
}: ComboboxProps) {
  const listId = useId();
  const chosen = options.find((option) => option.value === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = query ?? chosen?.label ?? value;

  const matches = useMemo(() => {
    const terms = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = options.filter((option) => {
      const haystack = option.label.toLowerCase();
      return terms.every(
        (term) => haystack.includes(term) || option.value.toLowerCase().startsWith(term),
      );
    });
    return found.slice(0, limit);
  }, [options, query, limit]);

  const pick = (option: ComboboxOption) => {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) =>
        matches.length === 0 ? 0 : (index + step + matches.length) % matches.length,
      );
    } else if (event.key === 'Enter' && open && matches[active]) {
      event.preventDefault();
      pick(matches[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === '') onChange('');
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        {...aria}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          className="absolute z-50 mt-1 max-h-64 w-full overflow-auto rounded-md border bg-popover p-1 text-sm shadow-md"
        >
          {matches.length === 0 ? (
            <li className="px-2 py-1.5 text-muted-foreground">No match</li>
          ) : (
            matches.map((option, index) => (
              <li
                key={option.value}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={option.value === value}
                className={cn(
                  'cursor-pointer rounded-sm px-2 py-1.5',
                  index === active && 'bg-accent text-accent-foreground',
                )}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(option);
                }}
              >
                {option.label}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
