import { connectionStateLabels, type ConnectionState } from '@patrol/domain';
import type { LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { connectionTones } from '@/features/ota/lib/ota-status';

export type Detail = { label: string; value: string };

export type ServiceCardProps = {
  title: string;
  icon: LucideIcon;
  state: ConnectionState;
  lastCheck: string;
  details: Detail[];
  error?: string;
  hint?: string;
};

/** One service of System Status: its state, last check, figures and the error it reported. */
export function ServiceCard({
  title,
  icon: Icon,
  state,
  lastCheck,
  details,
  error,
  hint,
}: ServiceCardProps) {
  return (
    <Card className="gap-3 py-4" role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardTitle className="flex items-center gap-2 text-sm font-medium">
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
          {title}
        </CardTitle>
        <Badge variant={connectionTones[state]}>{connectionStateLabels[state]}</Badge>
      </CardHeader>
      <CardContent className="px-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Last check</dt>
          <dd className="text-right tabular-nums">{lastCheck}</dd>
          {details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="text-muted-foreground">{detail.label}</dt>
              <dd className="text-right tabular-nums">{detail.value}</dd>
            </div>
          ))}
        </dl>
        {error && (
          <p className="mt-2 text-sm text-destructive" role="note">
            {error}
            {hint && <span className="block text-muted-foreground">{hint}</span>}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
