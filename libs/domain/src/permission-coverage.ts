import {
  permissionAreaLabels,
  permissionAreas,
  permissionKeys,
  roleTemplates,
  type Permission,
  type PermissionArea,
} from '@patrol/contracts';
import { ownValue } from './own-value';
import { hasPermission, type PermissionSubject } from './permissions';

/**
 * Every catalogue permission the user holds under the one permission rule: its own list plus
 * granted minus denied (superadmin: all), in catalogue order. Unknown stored keys drop out.
 */
export function effectivePermissions(user: PermissionSubject | null | undefined): Permission[] {
  return permissionKeys.filter((permission) => hasPermission(user, permission));
}

/** The permission list a role starts with (its template); an unknown role starts with none. */
export function rolePermissions(role: string | null | undefined): Permission[] {
  return [...(ownValue(roleTemplates, role ?? '') ?? [])];
}

export type CoverageColour = 'green' | 'yellow' | 'red';

export interface CoverageFigures {
  granted: number;
  total: number;
  /** Rounded to a whole percent. */
  percent: number;
  colour: CoverageColour;
}

export interface AreaCoverage extends CoverageFigures {
  area: PermissionArea;
  label: string;
}

export interface PermissionCoverage extends CoverageFigures {
  /** Catalogue permissions not checked. */
  denied: number;
  areas: AreaCoverage[];
}

// The colour is decided on the counts, so 199 of 200 can never read as a rounded-up green.
function coverageColour(granted: number, total: number): CoverageColour {
  if (total === 0) return 'red';
  if (granted === total) return 'green';
  return granted * 2 >= total ? 'yellow' : 'red';
}

function coverageFigures(granted: number, total: number): CoverageFigures {
  const percent = total > 0 ? Math.round((granted / total) * 100) : 0;
  return { granted, total, percent, colour: coverageColour(granted, total) };
}

/**
 * The permission dialog's figures for a checked set (spec 2 section 2.2): granted and not-granted
 * counts out of the whole catalogue, overall and per-area percent, green at 100, yellow at 50 or more, else red.
 */
export function permissionCoverage(checked: readonly string[]): PermissionCoverage {
  const checkedSet = new Set(checked);
  const areas = (Object.keys(permissionAreas) as PermissionArea[]).map((area) => {
    const keys: readonly Permission[] = permissionAreas[area];
    const granted = keys.filter((key) => checkedSet.has(key)).length;
    return { area, label: permissionAreaLabels[area], ...coverageFigures(granted, keys.length) };
  });
  const granted = permissionKeys.filter((key) => checkedSet.has(key)).length;
  return {
    ...coverageFigures(granted, permissionKeys.length),
    denied: permissionKeys.length - granted,
    areas,
  };
}
