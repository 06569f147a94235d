import { describe, expect, it } from 'vitest';
import { connectionState, connectionStatusLabel, normaliseHealthStatus } from './connection-status';

describe('connectionStatusLabel', () => {
  it.each<[string | null | undefined, string, string]>([
    ['connected', 'operational', 'Operational'],
    ['healthy', 'operational', 'Operational'],
    ['accessible', 'operational', 'Operational'],
    ['Healthy', 'operational', 'Operational'],
    ['warning', 'warning', 'Warning'],
    ['error', 'error', 'Error'],
    ['critical', 'error', 'Error'],
    ['failed', 'error', 'Error'],
    ['unauthorized', 'unauthorized', 'Auth Required'],
    ['checking', 'checking', 'Checking...'],
    ['loading', 'checking', 'Checking...'],
    ['rate_limited', 'rate_limited', 'Rate Limited'],
    ['circuit_open', 'circuit_open', 'Circuit Open'],
    ['degraded', 'unknown', 'Unknown'],
    ['constructor', 'unknown', 'Unknown'],
    ['', 'unknown', 'Unknown'],
    [null, 'unknown', 'Unknown'],
  ])('%j is %s, shown as %s', (status, state, label) => {
    expect(connectionState(status)).toBe(state);
    expect(connectionStatusLabel(status)).toBe(label);
  });
});

describe('normaliseHealthStatus', () => {
  it.each<[string | null | undefined, string]>([
    ['healthy', 'connected'],
    ['connected', 'connected'],
    ['accessible', 'connected'],
    ['warning', 'warning'],
    ['error', 'error'],
    ['failed', 'error'],
    ['critical', 'unknown'],
    ['ERROR', 'error'],
    ['ok', 'unknown'],
    [undefined, 'unknown'],
  ])('%j becomes %s', (status, expected) => {
    expect(normaliseHealthStatus(status)).toBe(expected);
  });
});
