import { appInfo } from '@patrol/contracts';
import { Menu, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AppFooter } from '@/app/layout/app-footer';
import { Sidebar } from '@/app/layout/sidebar';
import { mainContentId, SkipLink } from '@/components/layout/skip-link';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useToastOutlet } from '@/components/toast-outlet';
import { TooltipProvider } from '@/components/ui/tooltip';
import { UpdateNoticeBell } from '@/features/updates/components/update-notice-bell';
import { UpdateNoticeProvider } from '@/features/updates/components/update-notice-provider';
import { useCompanyTimeZone } from '@/lib/company-time';
import { CompanyTimeZoneSync } from '@/lib/company-time-sync';
import { RealtimeProvider } from '@/lib/realtime-provider';

/**
 * The protected screens' frame: sidebar (a drawer under 1024 px) with the notices bell, page
 * content and footer. The realtime socket is open and update notices are checked for as long as
 * a signed-in user is here.
 */
export function AppLayout() {
  // Every signed-in screen may raise toasts.
  useToastOutlet();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const timeZone = useCompanyTimeZone();

  return (
    <RealtimeProvider>
      <CompanyTimeZoneSync />
      <UpdateNoticeProvider>
        <TooltipProvider>
          <div className="min-h-screen">
            <SkipLink />
            <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-sidebar-border lg:block">
              <Sidebar headerAction={<UpdateNoticeBell />} />
            </aside>

            <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
              <SheetContent side="left" className="w-64 p-0">
                <SheetTitle className="sr-only">Navigation</SheetTitle>
                <SheetDescription className="sr-only">Main menu and account</SheetDescription>
                <Sidebar onNavigate={() => setDrawerOpen(false)} />
              </SheetContent>
            </Sheet>

            <div className="flex min-h-screen flex-col lg:pl-64">
              <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-background px-4 lg:hidden">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Open menu"
                  onClick={() => setDrawerOpen(true)}
                >
                  <Menu />
                </Button>
                <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
                <span className="flex-1 font-semibold">{appInfo.productName}</span>
                <UpdateNoticeBell />
              </header>
              <main
                id={mainContentId}
                tabIndex={-1}
                className="mx-auto w-full max-w-[1600px] flex-1 p-4 outline-none md:p-6"
              >
                {/* Screens lay their times out in the company's zone: a change shows at once. */}
                <Outlet key={timeZone} />
              </main>
              <AppFooter />
            </div>
          </div>
        </TooltipProvider>
      </UpdateNoticeProvider>
    </RealtimeProvider>
  );
}
