import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import express, { type Application, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppContext } from './http/app-context';
import { routeNotFound, errorHandler } from './http/error-handler';
import { brotliQuality, compressionThreshold } from './http/json-answer';
import { parseJsonBody } from './http/json-body';
import { requestLogger } from './http/logger';
import {
  defaultBodyLimit,
  jsonBodyParser,
  mountBodyLimits,
  mountRoutes,
  type Route,
} from './http/route';
import { consoleFallback, serveConsoleFiles } from './http/serve-console';
import { recordRequests } from './observability/request-metrics';
import { activityRoutes } from './modules/activity/activity.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { businessReportRoutes } from './modules/business-reports/business-reports.routes';
import { clientRoutes } from './modules/clients/clients.routes';
import { consoleUpdateRoutes } from './modules/console-updates/console-updates.routes';
import { crashReportRoutes } from './modules/crash-reports/crash-reports.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { deviceRoutes } from './modules/devices/devices.routes';
import { healthRoutes } from './modules/health/health.routes';
import { invoiceLicenceRoutes } from './modules/invoices/invoice-licences.routes';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { otaRoutes } from './modules/ota/ota.routes';
import { releaseHealthRoutes } from './modules/ota/release-health.routes';
import { licenceRoutes } from './modules/licences/licences.routes';
import { productRoutes } from './modules/products/products.routes';
import { quotationRoutes } from './modules/quotations/quotations.routes';
import { receiptRoutes } from './modules/receipts/receipts.routes';
import { renewalRoutes } from './modules/renewals/renewals.routes';
import { creditNoteRoutes } from './modules/credit-notes/credit-notes.routes';
import { einvoiceRoutes } from './modules/einvoices/einvoices.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { systemRoutes } from './modules/system/system.routes';
import { userRoutes } from './modules/users/users.routes';
import { docsAssets, openApiRoutes } from './openapi/openapi.routes';

/** Every route the modules declare, in mounting order. */
export const moduleRoutes: readonly Route[] = [
  ...healthRoutes,
  ...authRoutes,
  ...userRoutes,
  ...settingsRoutes,
  ...auditRoutes,
  // Before clientRoutes: GET /api/clients/dashboard must not be taken for a companyId.
  ...dashboardRoutes,
  ...clientRoutes,
  ...licenceRoutes,
  ...activityRoutes,
  ...deviceRoutes,
  ...crashReportRoutes,
  ...productRoutes,
  ...quotationRoutes,
  ...invoiceRoutes,
  ...renewalRoutes,
  ...invoiceLicenceRoutes,
  ...receiptRoutes,
  ...creditNoteRoutes,
  ...einvoiceRoutes,
  ...businessReportRoutes,
  ...otaRoutes,
  ...releaseHealthRoutes,
  ...consoleUpdateRoutes,
  ...systemRoutes,
];

const declaredRoutesKey = 'declaredRoutes';

/**
 * Builds the Express app: request logging, the device API's lean chain, security headers, JSON
 * bodies, the declared routes (`routes`, by default every module's), the built console, then the
 * error middleware.
 */
export function createApp(ctx: AppContext, routes: readonly Route[] = moduleRoutes): Application {
  const app = express();
  const declared = [...routes, ...openApiRoutes(routes)];
  app.locals[declaredRoutesKey] = declared;

  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.use(requestLogger(ctx.logger));
  app.use(recordRequests(ctx.observability.requests, ctx.observability.prometheus));
  // The patrol app's calls, thousands a second across a fleet, are answered before the console's
  // middleware (on the app itself, not a nested router: one dispatch fewer): an app reads no CSP
  // or frame headers, and its small answers gain nothing from compression. An error still
  // reaches the error middleware; a path no device route serves goes on to the chain below.
  mountRoutes(
    app,
    declared.filter((route) => route.chain === 'device'),
    ctx,
    { before: (route) => [deviceAnswerHeaders, jsonBodyParser(route)], compress: false },
  );
  app.use(helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy } }));
  app.use(permissionsPolicy);
  // Tokens and personal data must not stay in a browser or proxy cache; a route serving a public
  // file may say otherwise for itself.
  app.use('/api', noStore);
  // JSON and CSV answers over 1 kB, brotli when accepted. A route's JSON answer of a few kB is
  // compressed in one call as it is sent (http/json-answer.ts); bigger and streamed answers here.
  // The console's own files are compressed once, at build time (serveConsoleFiles).
  app.use(
    compression({
      threshold: compressionThreshold,
      brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality } },
    }),
  );
  // Routes with a body limit of their own read their body first; the rest get up to 1 MB.
  const bodyLimits = express.Router();
  const consoleRoutes = declared.filter((route) => route.chain !== 'device');
  mountBodyLimits(bodyLimits, consoleRoutes);
  app.use(bodyLimits);
  app.use(parseJsonBody(defaultBodyLimit));

  const router = express.Router();
  mountRoutes(router, consoleRoutes, ctx);
  app.use(router);
  app.use('/api/docs', docsAssets());
  app.use('/api', routeNotFound);

  app.use(serveConsoleFiles(ctx.config.consoleDist));
  app.use(consoleFallback(ctx.config.consoleDist));
  app.use(routeNotFound);
  app.use(errorHandler);
  return app;
}

/** The browser features the console never uses are switched off for it and anything it embeds. */
const permissionsPolicyHeader = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', permissionsPolicyHeader);
  next();
};

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** What a device answer keeps of the console's headers: never cached, never sniffed as HTML. */
const deviceAnswerHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};

/** The routes an app was built with (module routes and the documentation routes). */
export function declaredRoutes(app: Application): readonly Route[] {
  return app.locals[declaredRoutesKey] as readonly Route[];
}

/**
 * Scripts, styles and fonts come from the console's own build; images may also be data: or blob:
 * (logo previews); the socket connects over ws:/wss:. Inline styles stay allowed because UI
 * libraries inject <style> elements at run time; inline scripts do not.
 */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  // The product is often reached over plain HTTP on a LAN address; upgrading would break it.
  upgradeInsecureRequests: null,
};
