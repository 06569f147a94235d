import { describe, expect, it } from 'vitest';
import { classifyError, errorHint, errorHints } from '@/lib/error-hint';

describe('classifyError', () => {
  it.each([
    ['Request failed with status 429', undefined, 'rateLimited'],
    ['Rate limit exceeded', undefined, 'rateLimited'],
    ['rate-limit hit', undefined, 'rateLimited'],
    ['Too many requests. Please wait a moment before trying again.', 429, 'rateLimited'],
    ['Slow down', 429, 'rateLimited'],
    ['Authentication required. Please log in again.', 401, 'authentication'],
    ['Unauthorized', undefined, 'authentication'],
    ['HTTP 401', undefined, 'authentication'],
    ['Expired', 401, 'authentication'],
    ['Network connection failed. Please check your internet connection.', 0, 'network'],
    ['dashboard did not answer within 15 s (timeout)', undefined, 'network'],
    ['Failed to fetch', undefined, 'network'],
    ['Dashboard temporarily unavailable', 503, 'other'],
    ['Server error occurred. Please try again later.', 500, 'other'],
  ] as const)('classifies %j (status %s) as %s', (message, status, kind) => {
    expect(classifyError(message, status)).toBe(kind);
  });

  it('prefers rate limiting over authentication when a message mentions both', () => {
    expect(classifyError('Auth rate limit reached')).toBe('rateLimited');
  });
});

describe('errorHint', () => {
  it("answers the spec's sentences", () => {
    expect(errorHint('429')).toBe(
      'The server is currently experiencing high load. Please wait a moment before retrying.',
    );
    expect(errorHint('401')).toBe('Your session may have expired. You may need to log in again.');
    expect(errorHint('network down')).toBe('Please check your internet connection and try again.');
    expect(errorHint('boom')).toBe(errorHints.other);
    expect(errorHints.other).toBe(
      'This may be a temporary issue. Try refreshing the page or contact support if the problem persists.',
    );
  });
});
