import { appInfo } from '@patrol/contracts';
import { Info, Monitor, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  environmentLabel,
  formatLongUsDate,
  releaseBadgeVariant,
  releaseInformation,
} from '@/app/layout/release-info';
import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Separator } from '@/components/ui/separator';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

type VersionDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Release facts of this build, opened from the footer's version label. */
export function VersionDialog({ open, onOpenChange }: VersionDialogProps) {
  const release = releaseInformation(appInfo.releaseName);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <div className="flex items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <ShieldCheck className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 text-left">
              <DialogTitle>{appInfo.productName}</DialogTitle>
              <DialogDescription className="mt-1">{appInfo.productTagline}</DialogDescription>
            </div>
          </div>
          <Badge variant={releaseBadgeVariant(appInfo.releaseName)} className="mt-2">
            {appInfo.releaseName}
          </Badge>
        </DialogHeader>

        <dl className="rounded-md border px-4 py-2">
          <Row label="Version">{appInfo.version}</Row>
          <Row label="Build">
            <span className="tabular-nums">{appInfo.build}</span>
          </Row>
          <Row label="Released">{formatLongUsDate(appInfo.releaseDate)}</Row>
          <Row label="Commit">
            <span className="font-mono text-xs">{appInfo.commit}</span>
          </Row>
        </dl>

        <section aria-labelledby="release-information" className="space-y-1.5">
          <h3 id="release-information" className="flex items-center gap-2 font-medium">
            <Info className="size-4 text-primary" aria-hidden="true" />
            Release Information
          </h3>
          <p className="font-medium">{release.title}</p>
          <p className="text-muted-foreground">{release.description}</p>
        </section>

        <section aria-labelledby="system-information" className="space-y-1.5">
          <h3 id="system-information" className="flex items-center gap-2 font-medium">
            <Monitor className="size-4 text-primary" aria-hidden="true" />
            System Information
          </h3>
          <dl>
            <Row label="Environment">{environmentLabel(import.meta.env.MODE)}</Row>
            <Row label="Build Date">{formatLongUsDate(new Date())}</Row>
            <Row label="Platform">{appInfo.platform}</Row>
            <Row label="Type">{appInfo.type}</Row>
          </dl>
        </section>

        <Separator />
        <p className="text-center text-xs text-muted-foreground">
          © {appInfo.copyrightYear} {appInfo.productName}. All rights reserved.
        </p>
      </DialogContent>
    </Dialog>
  );
}
