import { z } from 'zod';
import { API_BASE, CSRF_HEADER, TENANT_HEADER, describeAccess, isMutation, type EndpointDef } from '../../shared/contract/define';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** OpenAPI 3.1 document generated from the contract (served at /api/docs). */
export function openApiDocument(contract: Record<string, EndpointDef>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, def] of Object.entries(contract)) {
    const input = jsonSchema(def.input, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const parameters: unknown[] = [];
    if (def.access !== 'public' && !def.tenantExempt) parameters.push({ name: TENANT_HEADER, in: 'header', required: true, schema: { type: 'string' }, description: 'Current warehouse id' });
    if (isMutation(def)) parameters.push({ name: CSRF_HEADER, in: 'header', required: true, schema: { type: 'string' }, description: 'Value of the tally_csrf cookie' });
    if (def.method === 'GET') {
      for (const [param, schema] of Object.entries(input.properties ?? {})) {
        parameters.push({ name: param, in: 'query', required: input.required?.includes(param) ?? false, schema });
      }
    }
    paths[API_BASE + def.path] = {
      [def.method.toLowerCase()]: {
        operationId: name,
        summary: def.summary,
        description: `Access: ${describeAccess(def.access)}.`,
        parameters,
        ...(def.method === 'POST' ? { requestBody: { required: true, content: { 'application/json': { schema: input } } } } : {}),
        responses: {
          200: {
            description: 'Envelope: retcode 0 with data, or a nonzero retcode with a message.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['retcode', 'message', 'data'],
                  properties: { retcode: { type: 'integer' }, message: { type: 'string' }, data: jsonSchema(def.output, 'output') },
                },
              },
            },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tally WMS API', version: '2' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'tally_sid' } } },
    security: [{ session: [] }],
    paths,
  };
}
