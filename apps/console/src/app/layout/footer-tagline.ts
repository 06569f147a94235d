import { defaultTagline, fallbackTagline, type CompanySettings } from '@patrol/contracts';

/** The settings the footer reads; partial so that a short answer cannot break the layout. */
export type TaglineSettings = Partial<
  Pick<CompanySettings, 'companyName' | 'registrationNumber' | 'tagline' | 'taglineColor'>
>;

/** The footer tagline colour when settings give none (the settings screen's grey). */
export const defaultTaglineColor = '#6B7280';

/**
 * The footer tagline: the fixed fallback without settings (no token, or loading failed),
 * otherwise the configured text with {companyName} and {registrationNumber} filled in.
 */
export function footerTagline(settings: TaglineSettings | null): string {
  if (!settings) return fallbackTagline;
  return (settings.tagline ?? defaultTagline)
    .replaceAll('{companyName}', settings.companyName?.trim() || 'Your Company')
    .replaceAll(
      '{registrationNumber}',
      settings.registrationNumber?.trim() || 'Registration Number',
    );
}

/** The configured tagline colour, or the default grey. */
export function footerTaglineColor(settings: TaglineSettings | null): string {
  return settings?.taglineColor?.trim() || defaultTaglineColor;
}
