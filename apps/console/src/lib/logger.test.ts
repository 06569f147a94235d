import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '@/lib/logger';

const sink = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('createLogger', () => {
  it('logs everything in development and warns about operations over 1,000 ms', () => {
    const console = sink();
    const logger = createLogger(true, console);
    logger.debug('state', 1);
    logger.timing('GET /api/clients', 1_000);
    logger.timing('GET /api/clients/dashboard', 1_001);
    expect(console.debug).toHaveBeenCalledWith('[console]', 'state', 1);
    expect(console.debug).toHaveBeenCalledWith('[console]', 'GET /api/clients took 1000 ms');
    expect(console.warn).toHaveBeenCalledWith(
      '[console]',
      'Slow operation: GET /api/clients/dashboard took 1001 ms',
    );
  });

  it('keeps only errors in production', () => {
    const console = sink();
    const logger = createLogger(false, console);
    logger.debug('state');
    logger.info('info');
    logger.warn('warn');
    logger.timing('GET /api/clients', 5_000);
    logger.error('broken');
    expect(console.debug).not.toHaveBeenCalled();
    expect(console.info).not.toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith('[console]', 'broken');
  });
});
