import { myInvoisCodeRows, type MyInvoisCodeTable } from '@patrol/contracts';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';

const optionsCache = new Map<MyInvoisCodeTable, ComboboxOption[]>();

/** The rows of an SDK code table as "code · description" options. */
export function myInvoisOptions(table: MyInvoisCodeTable): ComboboxOption[] {
  let options = optionsCache.get(table);
  if (!options) {
    options = myInvoisCodeRows(table).map((row) => ({
      value: row.code,
      label: `${row.code} · ${row.description}`,
    }));
    optionsCache.set(table, options);
  }
  return options;
}

type MyInvoisCodeFieldProps = {
  id: string;
  table: MyInvoisCodeTable;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  placeholder?: string;
};

/** A searchable picker over one of the MyInvois code tables (MSIC, state, unit…). */
export function MyInvoisCodeField({
  id,
  table,
  error,
  placeholder = 'Type to search',
  ...props
}: MyInvoisCodeFieldProps) {
  return (
    <Combobox
      id={id}
      options={myInvoisOptions(table)}
      placeholder={placeholder}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      {...props}
    />
  );
}
