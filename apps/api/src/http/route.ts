import type { Permission, Role } from '@patrol/contracts';
import type { PermissionMode } from '@patrol/domain';
import type { IRouter, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { AppContext } from './app-context';
import { AppError, invalid } from './app-error';
import { authenticate, type AuthUser } from './authenticate';
import { idempotentReplay } from './idempotency';
import { sendJson, sendPlainJson } from './json-answer';
import { parseJsonBody } from './json-body';
import { logSuccessAt } from './logger';
import { requirePermissions, requireRoles } from './require-permissions';
import { findUnstorableText } from './storable-text';

/**
 * Who may call a route: anyone, any signed-in user, or a signed-in user holding ANY of the
 * permissions (ALL of them with mode 'all').
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | {
      permissions: readonly Permission[];
      mode?: PermissionMode;
      /** Only these roles, whatever their permissions (403 with `rolesMessage` for others). */
      roles?: readonly Role[];
      rolesMessage?: string;
    };

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A response that is not JSON (a file, a stream, a page), documented by its media type. */
export interface RawResponse {
  contentType: string;
  description: string;
}

/** Response per HTTP status, for routes with more than one success shape or non-JSON bodies. */
export type ResponseMap = Record<number, z.ZodType | RawResponse>;

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
type JsonBody<S> = S extends z.ZodType ? z.input<S> : never;
type ResponseBody<R> = R extends z.ZodType
  ? z.input<R>
  : R extends ResponseMap
    ? JsonBody<R[keyof R]>
    : never;

/** What a handler receives: parsed input, the signed-in user (unless public) and the services. */
export interface HandlerInput<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  A extends RouteAccess,
> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  user: A extends 'public' ? undefined : AuthUser;
  ctx: AppContext;
  req: Request;
  res: Response;
}

/** A route as declared by a module; read by the router, the OpenAPI document and the tests. */
export interface RouteDefinition<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends z.ZodType | ResponseMap = z.ZodType | ResponseMap,
  A extends RouteAccess = RouteAccess,
> {
  method: HttpMethod;
  /** Express path, e.g. '/api/clients/:companyId'. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** The success body's schema, or a schema (or media type) per status. */
  response: R;
  /** Status of a successful answer when the handler does not set one (default 200). */
  status?: number;
  /**
   * Runs after the permission guard and before parsing, e.g. multer for uploads or a rate limit;
   * a function receives the services when the route is mounted (e.g. to authenticate a device).
   */
  middleware?: RequestHandler[] | ((ctx: AppContext) => RequestHandler[]);
  /**
   * The largest JSON body this route reads, instead of the app's 1 MB: a bigger one is refused,
   * unread, with 413 PAYLOAD_TOO_LARGE and `message` (see mountBodyLimits).
   */
  bodyLimit?: { bytes: number; message: string };
  /** A repeat carrying the same Idempotency-Key gets the first answer (http/idempotency.ts). */
  idempotent?: boolean;
  /**
   * 'device': a call of the patrol app, which a fleet makes thousands of times a second. Mounted
   * on the lean device chain ahead of the console's middleware (createApp): no browser headers
   * (CSP, frame, referrer, HSTS), no compression, its JSON body read by its own parser.
   */
  chain?: 'device';
  /** The level of the request line of a successful answer (info unless it says otherwise). */
  successLog?: 'debug';
  /**
   * Returns the JSON body, or nothing after answering itself (a file, a stream). A handler may
   * set `res.status()` first for a non-default status.
   */
  handler: (
    input: HandlerInput<P, Q, B, A>,
  ) => ResponseBody<R> | void | Promise<ResponseBody<R> | void>;
}

/** A declared route with its types erased, as routers and documents hold them. */
export interface Route extends Omit<RouteDefinition, 'params' | 'query' | 'body' | 'handler'> {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  handler: (input: HandlerInput<z.ZodType, z.ZodType, z.ZodType, RouteAccess>) => unknown;
}

/** Declares a route once: access, schemas and handler, with the handler's input typed from them. */
export function defineRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends z.ZodType | ResponseMap = z.ZodType,
  A extends RouteAccess = RouteAccess,
>(definition: RouteDefinition<P, Q, B, R, A>): Route {
  // Erasing the types is safe: mountRoutes hands the handler exactly what its schemas parse.
  return definition as unknown as Route;
}

/**
 * Mounts each route with its chain: authenticate (unless public) -> permission guard ->
 * route middleware -> parse params, query and body -> handler -> JSON answer.
 */
export function mountRoutes(
  router: IRouter,
  routes: readonly Route[],
  ctx: AppContext,
  options: {
    before?: (route: Route) => RequestHandler[];
    /** False on a chain without compression: JSON answers are then sent as they are. */
    compress?: boolean;
  } = {},
): void {
  for (const route of routes) {
    const chain: RequestHandler[] = options.before?.(route) ?? [];
    if (route.successLog) chain.push(logSuccessAt(route.successLog));
    if (route.access !== 'public') chain.push(authenticate(ctx));
    if (typeof route.access === 'object') {
      chain.push(requirePermissions(route.access.permissions, route.access.mode));
      const { roles, rolesMessage } = route.access;
      if (roles) chain.push(requireRoles(roles, rolesMessage ?? 'Your role may not do this.'));
    }
    const { middleware = [] } = route;
    chain.push(...(Array.isArray(middleware) ? middleware : middleware(ctx)));
    if (route.idempotent) chain.push(idempotentReplay(ctx.db));
    chain.push(handle(route, ctx, options.compress ?? true));
    router[route.method](route.path, ...chain);
  }
}

function handle(route: Route, ctx: AppContext, compress: boolean): RequestHandler {
  return async (req, res) => {
    refuseUnstorableText(req);
    const result = await route.handler({
      params: await route.params?.parseAsync(req.params),
      query: await route.query?.parseAsync(req.query),
      // Without a JSON body, parsing `{}` reports each required field instead of one vague error.
      body: await route.body?.parseAsync(req.body ?? {}),
      user: req.user,
      ctx,
      req,
      res,
    });
    // A caller that hung up before a stream's first byte has nobody to answer.
    if (res.headersSent || res.destroyed) return;
    if (result === undefined) {
      throw new Error(
        `${route.method.toUpperCase()} ${route.path} neither answered nor returned a body`,
      );
    }
    if (route.status && res.statusCode === 200) res.status(route.status);
    // The replay store keeps an idempotent route's answer by wrapping res.json: it answers so.
    if (route.idempotent) res.json(result);
    else if (compress) sendJson(req, res, result);
    else sendPlainJson(res, result);
  };
}

/** The JSON body a route reads when it declares no `bodyLimit`. */
export const defaultBodyLimit = '1mb';

/**
 * Mounts a JSON parser with its own size limit for each route declaring `bodyLimit`. Mount the
 * router before the app's JSON parser: a body read here is not read again there.
 */
export function mountBodyLimits(router: Router, routes: readonly Route[]): void {
  for (const route of routes) {
    if (route.bodyLimit) router[route.method](route.path, jsonBodyParser(route));
  }
}

/**
 * The JSON parser of one route: up to its `bodyLimit` (a bigger body is refused, unread, with
 * 413 PAYLOAD_TOO_LARGE and the route's message), or up to the app's default.
 */
export function jsonBodyParser(route: Route): RequestHandler {
  if (!route.bodyLimit) return parseJsonBody(defaultBodyLimit);
  const { bytes, message } = route.bodyLimit;
  const parse = parseJsonBody(bytes);
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      const tooLarge =
        typeof error === 'object' &&
        error !== null &&
        (error as { type?: unknown }).type === 'entity.too.large';
      next(tooLarge ? new AppError(413, 'PAYLOAD_TOO_LARGE', message) : error);
    });
  };
}

/** Refuses a request whose params, query or body hold text the database cannot store. */
function refuseUnstorableText(req: Request): void {
  const field =
    findUnstorableText(req.params, '') ??
    findUnstorableText(req.query, '') ??
    findUnstorableText(req.body, '');
  if (field === undefined) return;
  const name = field || 'body';
  throw invalid('The request contains a character that cannot be stored.', {
    [name]: `${name} contains a character that cannot be stored (NUL or an unpaired surrogate)`,
  });
}
