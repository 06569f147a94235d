import { describe, expect, it } from 'vitest';
import {
  environmentLabel,
  formatLongUsDate,
  releaseBadgeVariant,
  releaseInformation,
} from '@/app/layout/release-info';

describe('releaseBadgeVariant', () => {
  it.each([
    ['Beta 2', 'destructive'],
    ['alpha preview', 'destructive'],
    ['Dev Build', 'secondary'],
    ['Stable', 'default'],
    ['Professional Enterprise', 'default'],
    ['Community', 'outline'],
  ])('%s -> %s', (name, variant) => {
    expect(releaseBadgeVariant(name)).toBe(variant);
  });
});

describe('releaseInformation', () => {
  it('counts an enterprise release as stable enterprise', () => {
    expect(releaseInformation('Professional Enterprise').title).toBe('Stable Enterprise Release');
  });

  it('explains beta and development builds', () => {
    expect(releaseInformation('Beta').title).toBe('Beta Release');
    expect(releaseInformation('development').title).toBe('Development Build');
  });
});

describe('environmentLabel and formatLongUsDate', () => {
  it('defaults the environment to production', () => {
    expect(environmentLabel(undefined)).toBe('Production');
    expect(environmentLabel('development')).toBe('Development');
  });

  it('reads a date-only string as that calendar day', () => {
    expect(formatLongUsDate('2025-06-19')).toBe('June 19, 2025');
  });
});
