import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import type { BenchContext } from '../bench-context';
import { defineSuite } from '../bench-context';
import { latencyOf, tailOf } from '../load';
import { ms } from '../report';

const consoles = 1_000;
/** Events measured, one after another, after a first one that is not. */
const events = 20;
const deliveryGoalMs = 250;
/** Handshakes in flight at once while the consoles connect. */
const connecting = 50;
/** A console that has not had an event this long after its request has missed it. */
const eventTimeoutMs = 5_000;

/** Fails early, saying what to do, when this process may not hold a descriptor per console. */
function assertOpenFileLimit(needed: number): void {
  let limits: string;
  try {
    limits = readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return; // Not Linux: the connections will tell.
  }
  // Node.js raises its soft limit to the hard one at start, so the hard limit is what counts.
  const soft = Number(/^Max open files\s+(\S+)/m.exec(limits)?.[1]);
  if (soft < needed) {
    throw new Error(
      `the fan-out opens ${consoles} sockets but this process may open ${soft} files: raise the limit (ulimit -Hn ${needed * 2}) and run again`,
    );
  }
}

const openDescriptors = () => readdirSync('/proc/self/fd').length;

/**
 * Opens `consoles` socket.io connections as the console does (websocket, the access token in the
 * handshake), spread in turn over `urls`, pushing each onto `sockets` so the caller can close them
 * whatever happens.
 */
async function connectConsoles(sockets: Socket[], urls: string[], token: string): Promise<void> {
  for (let first = 0; first < consoles; first += connecting) {
    const batch = Array.from({ length: Math.min(connecting, consoles - first) }, (_, n) => {
      const socket = io(urls[(first + n) % urls.length]!, {
        transports: ['websocket'],
        auth: { token },
        forceNew: true, // One connection each, not one shared by every socket to the same host.
        reconnection: false,
        timeout: 20_000,
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
}

/** Closes every socket and waits until their descriptors are released. */
async function closeConsoles(sockets: Socket[], descriptorsBefore: number): Promise<void> {
  for (const socket of sockets) socket.disconnect();
  for (
    let waited = 0;
    waited < 5_000 && openDescriptors() > descriptorsBefore + 10;
    waited += 100
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Creates a client through `createUrl` `events + 1` times, one at a time, and times each console's
 * `clientAdded` from the moment the request left (the first event is a warm-up). Answers every
 * delay, the consoles that missed an event, the create request's own times, and the clients made.
 */
async function timeDeliveries(sockets: Socket[], createUrl: string, token: string) {
  const run = randomUUID().slice(0, 8);
  let expected: { companyId: string; arrived(at: number): void } | undefined;
  for (const socket of sockets) {
    socket.on('clientAdded', (client: { companyId: string }) => {
      if (client.companyId === expected?.companyId) expected.arrived(performance.now());
    });
  }
  const delays: number[] = [];
  const requestTimes: number[] = [];
  const created: string[] = [];
  let missed = 0;
  for (let round = 0; round <= events; round++) {
    const companyId = `FANOUT-${run}-${round}`;
    const arrivals: number[] = [];
    const everyone = new Promise<void>((resolve) => {
      expected = {
        companyId,
        arrived: (at) => {
          if (arrivals.push(at) === sockets.length) resolve();
        },
      };
    });
    const sent = performance.now();
    const response = await fetch(`${createUrl}/api/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        companyId,
        companyName: `Fan-out bench ${run} ${round}`,
        contactPerson: 'Bench Runner',
        email: 'fan-out@example.test',
        phone: '+60 3-0000 0000',
        address: 'Bench',
      }),
    });
    if (response.status !== 201) throw new Error(`creating a client answered ${response.status}`);
    created.push(companyId);
    const answered = performance.now() - sent;
    await Promise.race([everyone, new Promise((resolve) => setTimeout(resolve, eventTimeoutMs))]);
    if (round === 0) continue;
    requestTimes.push(answered);
    delays.push(...arrivals.map((at) => at - sent));
    missed += sockets.length - arrivals.length;
  }
  expected = undefined;
  return { delays, missed, requestTimes, created };
}

/** Connects the consoles over `urls`, measures, records one row, and closes them all. */
async function measureFanOut(
  context: BenchContext,
  urls: string[],
  setting: { id: string; name: string },
) {
  const sockets: Socket[] = [];
  const descriptorsBefore = openDescriptors();
  let created: string[] = [];
  try {
    const started = performance.now();
    await connectConsoles(sockets, urls, context.token);
    context.log(
      `  ${consoles} consoles connected in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const measured = await timeDeliveries(sockets, urls[0]!, context.token);
    created = measured.created;
    const delivery = latencyOf(measured.delays);
    const tail = tailOf(delivery);
    const request = latencyOf(measured.requestTimes);
    context.log(`  the create request itself: p50 ${ms(request.p50)}, p95 ${ms(request.p95)}`);
    context.record({
      id: setting.id,
      name: `one event to ${consoles.toLocaleString('en')} consoles, ${setting.name}: delivery p50 / ${tail.label} (${events} events)`,
      value: `${ms(delivery.p50)} / ${ms(tail.value)}${measured.missed ? ` (${measured.missed} missed)` : ''}`,
      goal: `${tail.label} <= ${deliveryGoalMs} ms`,
      pass: tail.value <= deliveryGoalMs && measured.missed === 0,
    });
  } finally {
    await closeConsoles(sockets, descriptorsBefore);
    context.log(
      `  sockets closed: ${openDescriptors()} open descriptors (${descriptorsBefore} before)`,
    );
    for (const companyId of created) {
      await fetch(`${urls[0]}/api/clients/${companyId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${context.token}` },
      });
    }
  }
}

/**
 * Socket fan-out (issue 16): one real event (a client created through the API, announced as
 * `clientAdded` to every console holding clients.view) to 1,000 connected consoles, timed from
 * the request to each console's receipt; in the run's one API process, then across two API
 * processes sharing PostgreSQL and Redis, half the consoles on each and the event made on the
 * first. The consoles are socket.io clients in this process, which reads the 1,000 messages one
 * after another: that is part of every figure. The clients made are deleted after.
 */
export const fanOutSuite = defineSuite({
  name: 'fan-out',
  async run(context) {
    assertOpenFileLimit(consoles + 200);
    context.log('  one API process');
    await measureFanOut(context, [context.api.url], {
      id: 'fan-out.one-process',
      name: 'one API process',
    });

    context.log('  two API processes through Redis');
    const first = await context.startApi({ REDIS_URL: context.redisUrl });
    const second = await context.startApi({ REDIS_URL: context.redisUrl }).catch(async (error) => {
      await first.stop();
      throw error;
    });
    try {
      await measureFanOut(context, [first.url, second.url], {
        id: 'fan-out.two-processes',
        name: `two API processes through Redis (two ports, ${consoles / 2} consoles on each)`,
      });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  },
});
