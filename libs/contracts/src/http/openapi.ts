import { z } from 'zod';
import { methodOf, pathOf, type PathParamKind, type RouteSpec } from './route.js';
import { ApiRoutes } from './routes.js';


type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client writes it. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const PARAM_SCHEMAS: Record<PathParamKind, JsonSchema> = {
  donationId: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 },
  ratingId: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 },
  memberId: { type: 'string', format: 'uuid' },
  string: { type: 'string' },
};

const ERROR = { $ref: '#/components/responses/Error' };

const ERROR_BODY: JsonSchema = {
  type: 'object',
  required: ['statusCode', 'message', 'code'],
  properties: {
    statusCode: { type: 'integer' },
    message: { type: 'string', description: 'In French, for people' },
    code: { type: 'string', description: 'Stable: the web app translates it' },
    field: { type: 'string', description: 'The input field at fault' },
    retryAt: { type: 'string', format: 'date-time', description: 'When a time-bound limit frees up' },
  },
};

function parametersOf(path: string, route: RouteSpec): JsonSchema[] {
  const params: Readonly<Record<string, PathParamKind>> = route.params ?? {};
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: PARAM_SCHEMAS[params[name!] ?? 'string'] }));
  if (!route.query) return inPath;
  const query = jsonSchemaOf(route.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query.required?.includes(name) ?? false, schema }));
  return [...inPath, ...inQuery];
}

function requestBodyOf(route: RouteSpec): JsonSchema | undefined {
  if (!route.body) return undefined;
  if (route.body === 'multipart') {
    const image = { type: 'object', required: ['image'], properties: { image: { type: 'string', contentMediaType: 'image/*' } } };
    return { required: true, content: { 'multipart/form-data': { schema: image } } };
  }
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } };
}

function responsesOf(route: RouteSpec): JsonSchema {
  const [success, ...refusals] = route.status;
  // Answers typed in TypeScript only carry their description; a zod-described one its schema.
  const schema = route.answer.schema ? jsonSchemaOf(route.answer.schema) : route.contentType ? { type: 'string' } : { description: route.answer.description };
  const content = route.contentType && route.contentType !== 'application/json' ? undefined : { 'application/json': { schema } };
  const responses: JsonSchema = { [String(success)]: content ? { description: route.answer.description, content } : { description: route.answer.description } };
  const expected = new Set(refusals);
  if (route.body || route.query || route.params) expected.add(400);
  if (route.access !== 'public') expected.add(401);
  if (route.access === 'admin') expected.add(403);
  for (const status of [...expected].sort((a, b) => a - b)) responses[String(status)] = ERROR;
  return responses;
}

function operationOf(key: string, route: RouteSpec): JsonSchema {
  const path = pathOf(key);
  const operation: JsonSchema = {
    operationId: key,
    summary: route.summary,
    tags: [path.split('/')[2]],
    'x-access': route.access,
    parameters: parametersOf(path, route),
    responses: responsesOf(route),
  };
  const body = requestBodyOf(route);
  if (body) operation.requestBody = body;
  if (route.access !== 'public') operation.security = [{ session: [] }];
  return operation;
}

/** The gateway's API as an OpenAPI 3.1 document, generated from the route map. */
export function openApiDocument(routes: Readonly<Record<string, RouteSpec>> = ApiRoutes): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, route] of Object.entries(routes)) {
    (paths[pathOf(key)] ??= {})[methodOf(key).toLowerCase()] = operationOf(key, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hdiya API',
      version: '1',
      description: 'The gateway’s `/api`, generated from the route map in libs/contracts. Errors share one shape; messages are French.',
    },
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hdiya.sid', description: 'The session cookie set by signup and login' } },
      schemas: { ApiErrorBody: ERROR_BODY },
      responses: { Error: { description: 'Refused: `{statusCode, message, code, field?, retryAt?}`', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } } } },
    },
  };
}
