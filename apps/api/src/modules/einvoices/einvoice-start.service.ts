import type { AppContext } from '../../http/app-context';
import { createEinvoiceSourceLoader } from './einvoice-sources.service';
import { startEinvoiceWorker } from './einvoice-worker.service';
import { myInvoisClientOf } from './einvoices.service';

/**
 * Starts the MyInvois submission worker in this process when e-invoicing is on; says how to
 * switch it on otherwise. Answers a stop function (releases the worker lease).
 */
export function startEinvoicing(
  ctx: Pick<AppContext, 'config' | 'db' | 'events' | 'logger' | 'redis'>,
): () => Promise<void> {
  const setting = ctx.config.myinvois;
  const client = myInvoisClientOf(ctx);
  if (!setting.enabled || !client) {
    ctx.logger.info(
      `e-invoicing is off: set ${setting.enabled ? '' : setting.missing.join(', ')} to submit to MyInvois (docs/einvoicing.md)`,
    );
    return async () => undefined;
  }
  // Hosts and environment only: the client secret and the key never reach the log.
  ctx.logger.info(
    { environment: setting.config.environment, apiUrl: setting.config.apiUrl },
    'e-invoicing on: submitting to MyInvois',
  );
  return startEinvoiceWorker({
    db: ctx.db,
    events: ctx.events,
    logger: ctx.logger,
    config: setting.config,
    client,
    loadSource: createEinvoiceSourceLoader(ctx.db),
  });
}
