import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { useUpdateNotices } from '../lib/update-notice-context';
import { UpdateNoticePanel } from './update-notice-panel';

/**
 * The header's bell: the count of unread update notices, and the panel that lists them (unread
 * ones stand out until it closes, which marks them read). Renders nothing outside
 * UpdateNoticeProvider.
 */
export function UpdateNoticeBell({ className }: { className?: string }) {
  const notices = useUpdateNotices();
  const [open, setOpen] = useState(false);
  if (!notices) return null;
  const { unread } = notices;
  // The name holds the figure the badge shows (WCAG label in name): the exact count up to 99,
  // outside parentheses, which axe-core leaves out when it compares the two.
  const shownCount = unread > 99 ? '99+' : String(unread);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) notices.markAllRead();
  };

  return (
    <Sheet open={open} onOpenChange={changeOpen}>
      <Button
        variant="ghost"
        size="icon"
        className={cn('relative', className)}
        aria-label={unread > 0 ? `Notifications, ${shownCount} unread` : 'Notifications'}
        onClick={() => changeOpen(true)}
      >
        <Bell />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
          >
            {shownCount}
          </span>
        )}
      </Button>
      <SheetContent side="right" className="w-96">
        <div className="border-b p-4 pr-12">
          <SheetTitle>Notifications</SheetTitle>
          <SheetDescription>Console updates and app releases</SheetDescription>
        </div>
        <UpdateNoticePanel notices={notices} />
      </SheetContent>
    </Sheet>
  );
}
