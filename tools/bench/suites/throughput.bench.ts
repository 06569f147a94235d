import type { Request } from 'autocannon';
import { scaleDeviceToken } from '../../seed-scale/plan';
import { activeDeviceKeys } from '../scale-devices';
import { measureThroughput } from '../load';
import { defineSuite } from '../bench-context';

const seconds = 10;
const connections = 50;
/** Enough devices that none passes 30 calls a minute, few enough that each beats again soon. */
const devices = 10_000;

/** Requests a second at 50 connections beside bare Express (issue 9 goals 0.3 and 0.5). */
export const throughputSuite = defineSuite({
  name: 'throughput',
  async prepare(database) {
    const keys = await activeDeviceKeys(database, devices);
    return { keys };
  },
  async run(context, { keys }) {
    const { api, token, bareRps } = context;
    context.log('  clients list at 50 connections');
    const list = await measureThroughput({
      url: `${api.url}/api/clients?page=1`,
      connections,
      durationSeconds: seconds,
      headers: { authorization: `Bearer ${token}` },
    });
    context.record({
      name: 'clients list, requests/s at 50 connections',
      value: `${list.rps.toFixed(0)} (${(list.rps / bareRps).toFixed(2)} of bare Express)`,
      goal: '>= 0.30 of bare Express',
      pass: list.rps / bareRps >= 0.3 && list.errors === 0,
    });

    let next = 0;
    const beat = {
      method: 'POST' as const,
      path: '/api/device/heartbeat',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appVersion: '2.4.0', batteryLevel: 80 }),
      setupRequest: (request: Request) => {
        const key = keys[next++ % keys.length]!;
        return {
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${scaleDeviceToken(key)}` },
        };
      },
    };
    context.log(`  heartbeats from ${keys.length} devices at 50 connections`);
    // A first round reads every device's session once, as in steady operation.
    await measureThroughput({
      url: api.url,
      connections,
      durationSeconds: 60,
      amount: keys.length,
      requests: [beat],
    });
    const beats = await measureThroughput({
      url: api.url,
      connections,
      durationSeconds: seconds,
      requests: [beat],
    });
    context.record({
      name: 'device heartbeat, requests/s at 50 connections',
      value: `${beats.rps.toFixed(0)} (${(beats.rps / bareRps).toFixed(2)} of bare Express)`,
      goal: '>= 0.50 of bare Express',
      pass: beats.rps / bareRps >= 0.5 && beats.errors === 0,
    });
  },
});
