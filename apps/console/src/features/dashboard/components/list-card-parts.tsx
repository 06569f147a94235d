import { ArrowRightIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CardAction, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type ListCardHeaderProps = {
  icon: LucideIcon;
  title: string;
  description: string;
  /** The page that lists everything, when the user may open it. */
  link?: { to: string; label: string };
};

/** A dashboard list card's header: icon and title, a description and a link to the full list. */
export function ListCardHeader({ icon: Icon, title, description, link }: ListCardHeaderProps) {
  return (
    <CardHeader>
      <CardTitle className="flex items-center gap-2">
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
        {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
      {link && (
        <CardAction>
          <Button asChild variant="ghost" size="sm">
            <Link to={link.to}>
              {link.label}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </CardAction>
      )}
    </CardHeader>
  );
}

type ListCardEmptyProps = {
  icon: LucideIcon;
  title: string;
  /** What will fill the list, or what to do first. */
  text: string;
  /** An action under the text, such as Add Client. */
  children?: ReactNode;
};

/** What a dashboard list card shows while its list is empty. */
export function ListCardEmpty({ icon: Icon, title, text, children }: ListCardEmptyProps) {
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className="max-w-xs text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
