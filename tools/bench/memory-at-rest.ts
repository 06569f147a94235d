import { rssMiB } from './cluster-workers';
import { startBareExpressProcess, type ApiServer } from './processes';
import type { Figure } from './report';

/**
 * How long both processes sit idle before their memory is read: V8's memory reducer gives back
 * the young generation grown while the modules load, and the garbage start-up left, some ten to
 * thirty-five seconds after start, as the machine runs (the API read every 5 s at 10x: 136-138
 * MiB up to 30 s, 101-103 MiB from 35 s on).
 */
const settleMs = 45_000;

/**
 * The API's resident memory at rest (started, ready, nothing asked) beside a bare Express
 * process's: the goal is at most twice it.
 */
export async function memoryAtRest(api: ApiServer): Promise<Omit<Figure, 'config'>> {
  const bare = await startBareExpressProcess();
  try {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const apiMiB = rssMiB(api.pid);
    const bareMiB = rssMiB(bare.pid);
    if (apiMiB === undefined || bareMiB === undefined) {
      throw new Error('the API or the bare Express process exited before its memory was read');
    }
    const ratio = apiMiB / bareMiB;
    return {
      id: 'memory.at-rest',
      name: 'API resident memory at rest, beside a bare Express process',
      value: `${apiMiB.toFixed(0)} MiB, ${ratio.toFixed(2)}x bare Express (${bareMiB.toFixed(0)} MiB)`,
      goal: '<= 2x bare Express',
      pass: ratio <= 2,
    };
  } finally {
    await bare.stop();
  }
}
