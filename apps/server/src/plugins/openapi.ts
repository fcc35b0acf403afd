import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document, generated from the routes' TypeBox schemas, at /api/docs (UI) and /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema, so a nullable field may be a type list (the map tuple's name).
      openapi: '3.1.0',
      info: { title: 'FAST — anlegg og kart API', version: '1' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          organisation: { type: 'apiKey', in: 'header', name: 'FAST-ORG-NUMBER' },
        },
      },
      security: [{ bearer: [], organisation: [] }],
    },
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), access: 'public' };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });
}
