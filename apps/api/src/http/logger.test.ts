import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import express from 'express';
import request from 'supertest';
import { createLogger, requestLogger } from './logger';

function capturingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger({ logLevel: 'info' }, destination), output: () => lines.join('') };
}

describe('createLogger', () => {
  it('redacts credentials, passwords, tokens and submitted codes', () => {
    const { logger, output } = capturingLogger();
    logger.info({
      req: { headers: { authorization: 'Bearer eyJhbGciOi', cookie: 'sid=s3cr3t-cookie' } },
      body: { password: 'Hunter2-password', refreshToken: 'refresh-value', code: '492817' },
      user: { twoFactorSecret: 'JBSWY3DPEHPK3PXP' },
    });
    const text = output();
    for (const secret of [
      'eyJhbGciOi',
      's3cr3t-cookie',
      'Hunter2-password',
      'refresh-value',
      '492817',
      'JBSWY3DP',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('keeps error codes, which are not secrets', () => {
    const { logger, output } = capturingLogger();
    logger.error({ err: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }, 'failed');
    expect(output()).toContain('ECONNREFUSED');
  });

  it('logs request paths without their query strings, which may carry a mailed token', async () => {
    const { logger, output } = capturingLogger();
    const app = express().use(requestLogger(logger));
    app.get('/recovery', (_req, res) => res.send('ok'));
    await request(app).get('/recovery?token=mailed-secret-token').expect(200);
    expect(output()).toContain('"url":"/recovery"');
    expect(output()).not.toContain('mailed-secret-token');
  });

  it('gives each request a logger of its own id, made once, in every app it serves', async () => {
    const { logger, output } = capturingLogger();
    const app = () => {
      const served = express().use(requestLogger(logger));
      served.get('/work', (req, res) => {
        const same = req.log === req.log;
        req.log.info({ same }, 'working');
        res.send('ok');
      });
      return served;
    };
    const [first, second] = [app(), app()];
    await request(first).get('/work').set('x-request-id', 'request-one').expect(200);
    await request(second).get('/work').set('x-request-id', 'request-two').expect(200);
    await request(first).get('/work').set('x-request-id', 'request-three').expect(200);

    const working = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; reqId: string; same?: boolean })
      .filter((line) => line.msg === 'working');
    expect(working.map((line) => [line.reqId, line.same])).toEqual([
      ['request-one', true],
      ['request-two', true],
      ['request-three', true],
    ]);
  });
});
