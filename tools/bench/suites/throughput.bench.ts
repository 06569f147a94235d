import type { Request } from 'autocannon';
import { scaleDeviceToken } from '../../seed-scale/plan';
import { activeDeviceKeys } from '../scale-devices';
import { measureThroughput } from '../load';
import { defineSuite } from '../bench-context';
import { listThroughput } from '../list-load';
import { clientCounts, clientListRotation, clientSearchRotation } from './client-area.bench';

const seconds = 10;
const connections = 50;
/** Enough devices that none passes 30 calls a minute, few enough that each beats again soon. */
const devices = 10_000;

/** Requests a second at 50 connections beside bare Express (issue 9 goals 0.3 and 0.5). */
export const throughputSuite = defineSuite({
  name: 'throughput',
  async prepare(database) {
    const keys = await activeDeviceKeys(database, devices);
    return { keys, clients: await clientCounts(database) };
  },
  async run(context, { keys, clients }) {
    const { api, bareRps } = context;
    const ofBare = (rps: number) =>
      `${rps.toFixed(0)} (${(rps / bareRps).toFixed(2)} of bare Express`;
    context.log('  clients list at 50 connections, varied');
    const varied = await listThroughput(
      context,
      [...clientListRotation(clients), ...clientSearchRotation(clients.all)],
      { connections, durationSeconds: seconds },
    );
    context.record({
      id: 'throughput.clients.varied',
      name: 'clients list, varied page, filter, sort and search, requests/s at 50 connections',
      value: `${ofBare(varied.rps)}; ${varied.describe})`,
      goal: '>= 0.30 of bare Express',
      pass: varied.rps / bareRps >= 0.3 && varied.errors === 0,
    });
    context.log('  clients list at 50 connections, one request repeated');
    const repeated = await listThroughput(context, ['/api/clients?page=1'], {
      connections,
      durationSeconds: seconds,
    });
    context.record({
      id: 'throughput.clients.page-1',
      name: 'clients list page 1, one request repeated (cached), requests/s at 50 connections',
      value: `${ofBare(repeated.rps)})`,
      goal: 'reported',
      pass: repeated.errors === 0 ? undefined : false,
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
      id: 'throughput.heartbeat',
      name: 'device heartbeat, requests/s at 50 connections',
      value: `${ofBare(beats.rps)})`,
      goal: '>= 0.50 of bare Express',
      pass: beats.rps / bareRps >= 0.5 && beats.errors === 0,
    });
  },
});
