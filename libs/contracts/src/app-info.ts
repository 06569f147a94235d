/** Release facts shown in the footer's version dialog (spec 1, sections 1 and 2.2). */
export const appInfo = {
  productName: 'Patrol Management Console',
  version: '8.2.0-ENHANCED',
  build: '2025.06.19.001',
  releaseDate: '2025-06-19',
  releaseName: 'Professional Enterprise',
  commit: 'unknown',
  copyrightYear: 2025,
  productTagline: 'Professional Security Management Platform',
  loginTagline: 'Secure Dashboard Access',
  platform: 'Web Dashboard',
  type: 'React SPA',
} as const;

/** Footer tagline used without a stored token or when settings fail to load. */
export const fallbackTagline =
  'This software is proprietary and exclusively owned by the company. All intellectual property rights reserved.';

/** Default configurable tagline, with the placeholders the footer replaces from settings. */
export const defaultTagline =
  'This software is proprietary and exclusively owned by {companyName} ({registrationNumber}). All intellectual property rights reserved.';
