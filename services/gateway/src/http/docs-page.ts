/** Markup-safe text. */
function escape(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Json = Record<string, unknown>;
interface Operation {
  summary?: string;
  'x-access'?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}

const pretty = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

function parametersTable(parameters: NonNullable<Operation['parameters']>): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map((p) => `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(JSON.stringify(p.schema ?? {}))}</code></td></tr>`);
  return `<table><caption>Parameters</caption><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function operationSection(method: string, path: string, operation: Operation): string {
  const id = `${method}-${path}`.replace(/[^\w-]+/g, '-');
  const body = Object.entries(operation.requestBody?.content ?? {}).map(([type, { schema }]) => `<details><summary>Body (${escape(type)})</summary>${pretty(schema)}</details>`);
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => {
    if (response.$ref) return `<li><strong>${escape(status)}</strong>: an error, <a href="#errors">the error shape</a></li>`;
    const schema = response.content?.['application/json']?.schema as Json | undefined;
    // An answer typed in TypeScript only has its description and nothing more to unfold.
    const described = schema && Object.keys(schema).some((key) => key !== 'description') ? schema : undefined;
    return `<li><strong>${escape(status)}</strong>: ${escape(response.description ?? '')}${described ? `<details><summary>Schema</summary>${pretty(described)}</details>` : ''}</li>`;
  });
  return [
    `<section id="${escape(id)}"><h2><code>${escape(method.toUpperCase())} ${escape(path)}</code></h2>`,
    `<p>${escape(operation.summary ?? '')}. Access: ${escape(operation['x-access'] ?? 'public')}.</p>`,
    parametersTable(operation.parameters ?? []),
    ...body,
    `<ul>${responses.join('')}</ul></section>`,
  ].join('');
}

/**
 * The OpenAPI document as a plain page to read: no script and no inline style, so it keeps the
 * gateway's strict Content-Security-Policy (`script-src 'self'`, `style-src 'self'`).
 */
export function docsPage(document: Json): string {
  const info = (document.info ?? {}) as { title?: string; description?: string };
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method, path, operation })));
  const index = operations.map(({ method, path }) => `<li><a href="#${escape(`${method}-${path}`.replace(/[^\w-]+/g, '-'))}"><code>${escape(method.toUpperCase())} ${escape(path)}</code></a></li>`);
  const errorBody = ((document.components ?? {}) as { schemas?: Json }).schemas?.ApiErrorBody;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(info.title ?? 'API')}</title></head><body><main>`,
    `<h1>${escape(info.title ?? 'API')}</h1><p>${escape(info.description ?? '')}</p>`,
    '<p>The same as a machine reads it: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>',
    `<nav><h2>Routes (${operations.length})</h2><ul>${index.join('')}</ul></nav>`,
    ...operations.map(({ method, path, operation }) => operationSection(method, path, operation)),
    `<section id="errors"><h2>Errors</h2><p>Every refusal has this shape; <code>message</code> is French.</p>${pretty(errorBody)}</section>`,
    '</main></body></html>',
  ].join('\n');
}
