import { permissionAreas, permissionLabels } from '@patrol/contracts';
import type { CustomPermissions, Permission } from '@patrol/contracts';
import type { AreaCoverage } from '@patrol/domain';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  coverageColourClasses,
  CoverageBar,
} from '@/features/users/components/permission-coverage-view';
import { cn } from '@/lib/cn';

/** A permission granted or denied to this user whatever the role, or neither. */
export type Override = 'none' | 'granted' | 'denied';

type AreaCardProps = {
  area: AreaCoverage;
  checked: ReadonlySet<Permission>;
  overrides: CustomPermissions;
  onToggle: (permission: Permission, on: boolean) => void;
  onOverride: (permission: Permission, override: Override) => void;
};

function overrideOf(overrides: CustomPermissions, permission: Permission): Override {
  if (overrides.granted.includes(permission)) return 'granted';
  if (overrides.denied.includes(permission)) return 'denied';
  return 'none';
}

/** One area of the catalogue: its coverage and a switch and override per permission. */
export function AreaCard({ area, checked, overrides, onToggle, onOverride }: AreaCardProps) {
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const colour = coverageColourClasses[area.colour];
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2 rounded-md border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {area.label}
        </h3>
        <span
          className={cn('text-xs font-medium tabular-nums', colour.text)}
          data-testid={`coverage-${area.area}`}
        >
          {area.granted}/{area.total} · {area.percent}%
        </span>
      </div>
      <CoverageBar percent={area.percent} colour={area.colour} />
      <ul className="grid gap-2 pt-1">
        {permissionAreas[area.area].map((permission: Permission) => {
          const id = `${idPrefix}-${permission}`;
          return (
            <li key={permission} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
              <Label htmlFor={id} className="flex-wrap gap-x-2 gap-y-0.5 font-normal">
                {permissionLabels[permission]}
                <span className="font-mono text-xs break-all text-muted-foreground">
                  {permission}
                </span>
                {overrides.granted.includes(permission) && (
                  <Badge variant="success">granted to this user</Badge>
                )}
                {overrides.denied.includes(permission) && (
                  <Badge variant="danger">denied to this user</Badge>
                )}
              </Label>
              <div className="flex shrink-0 items-center gap-2">
                <select
                  aria-label={`${permissionLabels[permission]}: this user only`}
                  title="Grant or deny to this user whatever the role"
                  className="h-7 w-24 rounded-md border border-input bg-background px-1 text-xs"
                  value={overrideOf(overrides, permission)}
                  onChange={(event) => onOverride(permission, event.target.value as Override)}
                >
                  <option value="none">As set</option>
                  <option value="granted">Always grant</option>
                  <option value="denied">Always deny</option>
                </select>
                <Switch
                  id={id}
                  checked={checked.has(permission)}
                  onCheckedChange={(on) => onToggle(permission, on)}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
