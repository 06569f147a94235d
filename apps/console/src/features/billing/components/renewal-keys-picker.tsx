import type { ListClientLicencesResponse } from '@patrol/contracts';
import { formatBusinessDate } from '@patrol/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api-client';

type RenewalKeysPickerProps = {
  /** The quotation's client (its business id); the picker lists only its keys. */
  companyId: string | undefined;
  label: string;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
};

/** Picks the client's keys a renewal line renews, searched on the server by key or device. */
export function RenewalKeysPicker({ companyId, label, chosen, onChange }: RenewalKeysPickerProps) {
  const [search, setSearch] = useState('');
  const keys = useQuery({
    queryKey: ['licences', 'renewal-picker', companyId, search.trim()],
    queryFn: ({ signal }) =>
      api.get<ListClientLicencesResponse>(
        `/api/clients/${encodeURIComponent(companyId!)}/licences`,
        { signal, query: { page: 1, limit: 20, search: search.trim() || undefined } },
      ),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
  const toggle = (id: string) =>
    onChange(chosen.includes(id) ? chosen.filter((each) => each !== id) : [...chosen, id]);

  if (!companyId) {
    return (
      <p className="text-xs text-muted-foreground">Pick the client first to choose its keys.</p>
    );
  }
  const found = keys.data?.licences ?? [];
  return (
    <fieldset className="grid gap-2 rounded-md border border-dashed p-2">
      <legend className="px-1 text-xs text-muted-foreground">
        {label}: {chosen.length} {chosen.length === 1 ? 'key' : 'keys'} chosen
      </legend>
      <Input
        type="search"
        aria-label={`${label}: search the client's keys`}
        placeholder="Search keys by key or device..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {keys.error ? (
        <p className="text-xs text-destructive">The client&apos;s keys could not be loaded.</p>
      ) : !keys.data ? (
        <p className="text-xs text-muted-foreground">Loading keys...</p>
      ) : found.length === 0 ? (
        <p className="text-xs text-muted-foreground">No keys match.</p>
      ) : (
        <ul className="grid max-h-40 gap-1 overflow-y-auto text-sm">
          {found.map((licence) => (
            <li key={licence.id}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.includes(licence.id)}
                  onChange={() => toggle(licence.id)}
                />
                <span className="font-mono">{licence.key}</span>
                <span className="text-xs text-muted-foreground">
                  {licence.licenseType} ·{' '}
                  {licence.validUntil
                    ? `until ${formatBusinessDate(licence.validUntil)}`
                    : 'No expiry'}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
