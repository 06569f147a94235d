import type { PermissionSubject } from '@patrol/domain';
import {
  Bug,
  CreditCard,
  KeyRound,
  ScrollText,
  LayoutDashboard,
  Server,
  Settings,
  Smartphone,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { canOpen, routeAccess, type AccessRule } from '@/app/routing/route-access';

export type NavigationItem = { label: string; path: string; icon: LucideIcon; access: AccessRule };

/** The sidebar menu in order (spec 1 section 2.2). */
export const navigationItems: readonly NavigationItem[] = [
  { label: 'Dashboard', path: '/', icon: LayoutDashboard, access: routeAccess.dashboard },
  { label: 'Clients', path: '/clients', icon: Users, access: routeAccess.clients },
  { label: 'Licences', path: '/licences', icon: KeyRound, access: routeAccess.licences },
  { label: 'Billing', path: '/billing', icon: CreditCard, access: routeAccess.billing },
  { label: 'User Management', path: '/users', icon: UserCog, access: routeAccess.users },
  { label: 'Settings', path: '/settings', icon: Settings, access: routeAccess.settings },
  { label: 'Audit Trail', path: '/audit', icon: ScrollText, access: routeAccess.audit },
  {
    label: 'Crash & Debug Reports',
    path: '/crash-report',
    icon: Bug,
    access: routeAccess.crashReports,
  },
  { label: 'Over The Air Update (OTA)', path: '/ota', icon: Smartphone, access: routeAccess.ota },
  { label: 'System', path: '/system-status', icon: Server, access: routeAccess.systemStatus },
];

/** The menu items this user may open. */
export function visibleNavigationItems(
  user: PermissionSubject | null | undefined,
): NavigationItem[] {
  return navigationItems.filter((item) => canOpen(user, item.access));
}

/** An item is active when its path prefixes the current path; '/' only matches exactly. */
export function isNavigationItemActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') return currentPath === '/';
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
