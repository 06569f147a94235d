import { appInfo } from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isNavigationItemActive, visibleNavigationItems } from '@/app/layout/navigation';
import { Button } from '@/components/ui/button';
import { AccountMenu } from '@/features/account/components/account-menu';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { settingsQueryOptions } from '@/lib/company-settings-query';
import type { StoredUser } from '@/lib/session-storage';

function displayName(user: StoredUser | null): string {
  return user?.fullName?.trim() || user?.username?.trim() || 'Admin User';
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

type SidebarProps = {
  /** Closes the mobile drawer after a navigation. */
  onNavigate?: () => void;
  /** Shown at the end of the brand row (the notices bell of the fixed sidebar). */
  headerAction?: ReactNode;
};

/** Brand, permitted menu items and the signed-in user. */
export function Sidebar({ onNavigate, headerAction }: SidebarProps) {
  const { user, signOut } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const name = displayName(user);
  // The company's uploaded logo, shared with the footer's settings query.
  const settings = useQuery({ ...settingsQueryOptions(), enabled: Boolean(user) });
  const logoUrl = settings.data?.logo?.url;

  const handleSignOut = () => {
    signOut();
    onNavigate?.();
    navigate('/login', { replace: true });
  };

  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-sidebar-border px-5">
        {logoUrl ? (
          // A fixed height and a capped width: a wide or tall logo keeps its proportions.
          <img
            src={logoUrl}
            alt=""
            className="h-8 w-auto max-w-24 shrink-0 rounded-md object-contain"
          />
        ) : (
          <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <ShieldCheck className="size-4" aria-hidden="true" />
          </span>
        )}
        <p className="min-w-0 flex-1 leading-tight font-semibold">{appInfo.productName}</p>
        {headerAction}
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {visibleNavigationItems(user).map(({ label, path, icon: Icon }) => {
            const active = isNavigationItemActive(path, pathname);
            return (
              <li key={path}>
                <Link
                  to={path}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    active
                      ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                      : 'text-sidebar-foreground/80 hover:bg-muted hover:text-sidebar-foreground',
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="truncate">{label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="shrink-0 border-t border-sidebar-border p-3">
        <div className="flex items-center gap-3 px-2 py-2">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sidebar-accent text-xs font-semibold text-sidebar-accent-foreground"
          >
            {initials(name)}
          </span>
          <div className="min-w-0 flex-1 leading-tight">
            <p className="truncate font-medium">{name}</p>
            <p className="truncate text-xs text-muted-foreground">{roleLabel(user?.role)}</p>
          </div>
          {user && <AccountMenu />}
        </div>
        <Button variant="ghost" className="mt-1 w-full justify-start" onClick={handleSignOut}>
          <LogOut />
          Sign Out
        </Button>
      </div>
    </div>
  );
}
