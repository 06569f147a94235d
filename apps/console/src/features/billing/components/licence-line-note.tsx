import { licenceLineText, type LicenceAction } from '@patrol/contracts';

/** "New keys: 5" or "Renewal of 3 keys" under a licence line of a quotation or invoice. */
export function LicenceLineNote({
  line,
}: {
  line: { licenceAction: LicenceAction | null; renewalLicenceIds: string[]; quantity: number };
}) {
  if (!line.licenceAction) return null;
  return (
    <div className="text-xs text-muted-foreground" data-licence-action={line.licenceAction}>
      {licenceLineText(line)}
    </div>
  );
}
