import { Download } from 'lucide-react';
import { appInfo } from '@patrol/contracts';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/copy-button';

function downloadAsText(codes: readonly string[]): void {
  const text = [
    `${appInfo.productName} - two-factor backup codes`,
    'Each code works once. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'backup-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** The single-use backup codes of a two-factor setup, to copy or download once. */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  return (
    <section aria-labelledby="backup-codes-title" className="grid gap-2">
      <h2 id="backup-codes-title" className="text-sm font-medium">
        Backup codes
      </h2>
      <p className="text-sm text-muted-foreground">
        Each code signs you in once if you lose your authenticator. They are shown only now.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-1.5 rounded-md border bg-muted/50 p-3 font-mono text-sm tabular-nums"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          text={codes.join('\n')}
          label="Copy codes"
          copiedMessage="Backup codes copied"
        />
        <Button type="button" variant="outline" size="sm" onClick={() => downloadAsText(codes)}>
          <Download />
          Download
        </Button>
      </div>
    </section>
  );
}
