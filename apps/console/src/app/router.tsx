import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RedirectIfAuthenticated, RequireAuth } from '@/app/routing/require-auth';
import { RequirePermission } from '@/app/routing/require-permission';
import { routeAccess, type AccessRule } from '@/app/routing/route-access';
import { RouteError } from '@/app/routing/route-error';
import { RouteFrame } from '@/app/routing/route-frame';
import { RegisterGate } from '@/app/setup/register-gate';
import { SetupGate } from '@/app/setup/setup-gate';
import { LoadingScreen } from '@/components/status-screens';

type LazyRoute = NonNullable<RouteObject['lazy']>;

// Each screen is its own chunk, loaded when its route is first visited.
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyRoute {
  return async () => ({ Component: (await load())[name] });
}

function protectedScreen(path: string, access: AccessRule, lazy: LazyRoute): RouteObject {
  return {
    path,
    element: <RequirePermission access={access} />,
    children: [{ index: true, lazy }],
  };
}

/** Every route of spec 1 section 2.1 and spec 2 section 2, with its guards. */
export const appRoutes: RouteObject[] = [
  {
    element: <RouteFrame />,
    errorElement: <RouteError />,
    // The first screen a visitor sees while the first route's code loads: the setup check's own
    // words. With Chromium 156 the router was seen holding this fallback until the setup check
    // answered, so the visitor's loading screen must say what the spec's does.
    hydrateFallbackElement: <LoadingScreen message="Initializing dashboard system..." />,
    children: [
      {
        element: <RegisterGate />,
        children: [
          {
            path: '/register',
            lazy: screen(() => import('@/features/auth/components/register-page'), 'RegisterPage'),
          },
        ],
      },
      {
        element: <SetupGate />,
        children: [
          {
            element: <RedirectIfAuthenticated />,
            children: [
              {
                path: '/login',
                lazy: screen(() => import('@/features/auth/components/login-page'), 'LoginPage'),
              },
            ],
          },
          {
            path: '/recovery',
            lazy: screen(() => import('@/features/auth/components/recovery-page'), 'RecoveryPage'),
          },
          {
            path: '/privacy-policy',
            lazy: screen(
              () => import('@/features/privacy/components/privacy-policy-page'),
              'PrivacyPolicyPage',
            ),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                // The signed-in shell (sidebar, notices, the realtime socket) is a chunk of its
                // own: the sign-in page never loads it.
                lazy: screen(() => import('@/app/layout/app-layout'), 'AppLayout'),
                children: [
                  protectedScreen(
                    '/',
                    routeAccess.dashboard,
                    screen(
                      () => import('@/features/dashboard/components/dashboard-page'),
                      'DashboardPage',
                    ),
                  ),
                  protectedScreen(
                    '/clients',
                    routeAccess.clients,
                    screen(
                      () => import('@/features/clients/components/clients-page'),
                      'ClientsPage',
                    ),
                  ),
                  protectedScreen(
                    '/clients/add',
                    routeAccess.addClient,
                    screen(
                      () => import('@/features/clients/components/add-client-page'),
                      'AddClientPage',
                    ),
                  ),
                  protectedScreen(
                    '/clients/edit/:companyId',
                    routeAccess.editClient,
                    screen(
                      () => import('@/features/clients/components/edit-client-page'),
                      'EditClientPage',
                    ),
                  ),
                  protectedScreen(
                    '/clients/:companyId',
                    routeAccess.clientDetail,
                    screen(
                      () => import('@/features/clients/components/client-detail-page'),
                      'ClientDetailPage',
                    ),
                  ),
                  protectedScreen(
                    '/licences',
                    routeAccess.licences,
                    screen(
                      () => import('@/features/licences/components/licences-page'),
                      'LicencesPage',
                    ),
                  ),
                  protectedScreen(
                    '/billing',
                    routeAccess.billing,
                    screen(
                      () => import('@/features/billing/components/billing-page'),
                      'BillingPage',
                    ),
                  ),
                  protectedScreen(
                    '/users',
                    routeAccess.users,
                    screen(() => import('@/features/users/components/users-page'), 'UsersPage'),
                  ),
                  protectedScreen(
                    '/audit',
                    routeAccess.audit,
                    screen(() => import('@/features/audit/components/audit-page'), 'AuditPage'),
                  ),
                  protectedScreen(
                    '/settings',
                    routeAccess.settings,
                    screen(
                      () => import('@/features/settings/components/settings-page'),
                      'SettingsPage',
                    ),
                  ),
                  protectedScreen(
                    '/crash-report',
                    routeAccess.crashReports,
                    screen(
                      () => import('@/features/crash-reports/components/crash-reports-page'),
                      'CrashReportsPage',
                    ),
                  ),
                  protectedScreen(
                    '/ota',
                    routeAccess.ota,
                    screen(() => import('@/features/ota/components/ota-page'), 'OtaPage'),
                  ),
                  protectedScreen(
                    '/system-status',
                    routeAccess.systemStatus,
                    screen(
                      () => import('@/features/system/components/system-status-page'),
                      'SystemStatusPage',
                    ),
                  ),
                ],
              },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];
