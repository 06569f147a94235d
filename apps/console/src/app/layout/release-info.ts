import type { BadgeVariant } from '@/components/ui/badge';
import { getCompanyTimeZone } from '@/lib/company-time';

/** Badge colour of a release name: beta/alpha destructive, dev secondary, stable/enterprise default. */
export function releaseBadgeVariant(releaseName: string): BadgeVariant {
  const name = releaseName.toLowerCase();
  if (name.includes('beta') || name.includes('alpha')) return 'destructive';
  if (name.includes('dev')) return 'secondary';
  if (name.includes('stable') || name.includes('enterprise')) return 'default';
  return 'outline';
}

export type ReleaseInformation = { title: string; description: string };

/** The Release Information text for a release name (spec 1 section 2.2). */
export function releaseInformation(releaseName: string): ReleaseInformation {
  const name = releaseName.toLowerCase();
  if (name.includes('beta') || name.includes('alpha')) {
    return {
      title: 'Beta Release',
      description:
        'This is a beta release for testing. Features may change; please report any issues you find to the development team.',
    };
  }
  if (name.includes('dev')) {
    return {
      title: 'Development Build',
      description: 'This is an internal development build, not intended for production use.',
    };
  }
  return {
    title: 'Stable Enterprise Release',
    description:
      'This is a stable enterprise release with PDF generation, crash reporting, over-the-air updates and business management.',
  };
}

/** The Environment row: the build mode with a capital, production when unknown. */
export function environmentLabel(mode: string | undefined): string {
  if (!mode) return 'Production';
  return mode.charAt(0).toUpperCase() + mode.slice(1);
}

/** A date as a long US date ('June 19, 2025'); date-only strings are read as calendar dates,
 * instants in the company's time zone. */
export function formatLongUsDate(date: string | Date): string {
  if (typeof date === 'string') {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  }
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: getCompanyTimeZone(),
  }).format(date);
}
