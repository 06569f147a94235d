import type { BenchSuite } from '../bench-context';
import { billingInsightSuite } from './billing-insight.bench';
import { billingListsSuite } from './billing-lists.bench';
import { browserSuite } from './browser.bench';
import { clientAreaSuite } from './client-area.bench';
import { crashRetraceSuite } from './crash-retrace.bench';
import { fanOutSuite } from './fan-out.bench';
import { operationsSuite } from './operations.bench';
import { releaseHealthSuite } from './release-health.bench';
import { renewalsSuite } from './renewals.bench';
import { throughputSuite } from './throughput.bench';

/** Every suite, in the order they run for each configuration; later issues add theirs here. */
export const suites: BenchSuite[] = [
  clientAreaSuite,
  billingInsightSuite,
  billingListsSuite,
  operationsSuite,
  crashRetraceSuite,
  releaseHealthSuite,
  renewalsSuite,
  throughputSuite,
  // The console's bundle and first screen do not depend on the data set: measured once.
  { ...browserSuite, appliesTo: (config) => config.scale === 1 && config.dialect === 'postgres' },
  // Nor does socket fan-out, whose second half needs a server database for two processes.
  { ...fanOutSuite, appliesTo: (config) => config.scale === 1 && config.dialect === 'postgres' },
];
