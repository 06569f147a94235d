import { appInfo, errorEnvelopeSchema } from '@patrol/contracts';
import { z } from 'zod';
import type { RawResponse, Route } from '../http/route';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const errorResponseRef = { $ref: '#/components/responses/Error' };

/** Builds the OpenAPI 3.1 document from the declared routes (zod 4 emits JSON Schema 2020-12). */
export function buildOpenApiDocument(routes: readonly Route[]) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${appInfo.productName} API`,
      version: appInfo.version,
      description: 'Every operation lists the permission it requires (x-permissions).',
    },
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output') },
      responses: {
        Error: {
          description: 'Failure envelope',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
          },
        },
      },
    },
  };
}

/** Express '/api/clients/:companyId' -> OpenAPI '/api/clients/{companyId}'. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operation(route: Route): Operation {
  return {
    summary: route.summary,
    description: [route.description, accessText(route)].filter(Boolean).join('\n\n'),
    tags: route.tags,
    operationId: operationId(route),
    security: route.access === 'public' ? [] : [{ bearerAuth: [] }],
    'x-permissions':
      typeof route.access === 'object'
        ? {
            permissions: route.access.permissions,
            mode: route.access.mode ?? 'any',
            ...(route.access.roles ? { roles: route.access.roles } : {}),
            ...(route.access.orDevice ? { orDevice: true } : {}),
          }
        : route.access,
    parameters: [
      ...parameters(route.params, 'path'),
      ...parameters(route.query, 'query'),
      ...(route.idempotent ? [idempotencyKeyParameter] : []),
    ],
    ...(route.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      },
    }),
    responses: { ...successResponses(route), ...errorResponses(route) },
  };
}

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description:
    'Any unique value per intended action (a UUID). A repeat with the same key within 24 hours gets the first successful answer again, with the header Idempotent-Replayed: true, instead of acting twice; the same key with a different request is a 400.',
};

/** 'get' + '/api/clients/:companyId' -> 'getApiClientsCompanyId'. */
function operationId(route: Route): string {
  const words = route.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return route.method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

const deviceText =
  "Requires the patrol app's device token (`Authorization: Bearer <deviceToken>`).";

function accessText(route: Route): string {
  if (route.access === 'public') return 'Public.';
  if (route.access === 'authenticated') return 'Requires a signed-in user.';
  if (route.access === 'device') return deviceText;
  const mode = route.access.mode === 'all' ? 'all' : 'any';
  const roles = route.access.roles ? ` Only for the roles: ${route.access.roles.join(', ')}.` : '';
  const device = route.access.orDevice ? ` Or: ${deviceText}` : '';
  return `Requires ${mode} of: ${route.access.permissions.join(', ')}.${roles}${device}`;
}

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    schema: property,
    ...(typeof property.description === 'string' && { description: property.description }),
  }));
}

function successResponses(route: Route): Record<string, unknown> {
  const responses =
    route.response instanceof z.ZodType
      ? { [route.status ?? 200]: route.response }
      : route.response;
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      response instanceof z.ZodType
        ? {
            description: 'Success',
            content: { 'application/json': { schema: jsonSchema(response, 'output') } },
          }
        : rawResponse(response),
    ]),
  );
}

function rawResponse(response: RawResponse) {
  return { description: response.description, content: { [response.contentType]: {} } };
}

function errorResponses(route: Route): Record<string, unknown> {
  return {
    ...((route.params || route.query || route.body) && { 400: errorResponseRef }),
    ...(route.access !== 'public' && { 401: errorResponseRef }),
    ...(typeof route.access === 'object' && { 403: errorResponseRef }),
    ...(route.bodyLimit && { 413: errorResponseRef }),
    500: errorResponseRef,
  };
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Dates and transforms have no JSON Schema; documenting them as "any" beats failing the document.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}
