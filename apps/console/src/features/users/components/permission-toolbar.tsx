import { roles, type Role } from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
import { Button } from '@/components/ui/button';

/** The permission editor's role templates, Clear All and Grant All. */
export function PermissionToolbar({
  onTemplate,
  onClear,
  canClear,
  onGrantAll,
}: {
  onTemplate: (role: Role) => void;
  onClear: () => void;
  canClear: boolean;
  onGrantAll: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div role="group" aria-label="Role templates" className="flex flex-wrap items-center gap-1.5">
        <span className="text-xs font-medium text-muted-foreground">Templates:</span>
        {roles.map((role) => (
          <Button
            key={role}
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2"
            onClick={() => onTemplate(role)}
          >
            {roleLabel(role)}
          </Button>
        ))}
      </div>
      <div className="flex gap-1.5">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-7 px-2"
          onClick={onClear}
          disabled={!canClear}
        >
          Clear All
        </Button>
        <Button type="button" variant="outline" size="sm" className="h-7 px-2" onClick={onGrantAll}>
          Grant All
        </Button>
      </div>
    </div>
  );
}
