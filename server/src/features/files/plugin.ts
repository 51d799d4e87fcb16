// Request state for uploads: request.upload holds a multipart request's staged file until the
// handler commits it; anything still staged when the response is sent (validation failed, the
// brand was not the caller's, …) is deleted then.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('upload', null);
  app.addHook('onResponse', async (request) => {
    if (request.upload) {
      // After a commit the staged path no longer exists; discard ignores that.
      await app.deps.uploads.discard(request.upload.tempPath);
      request.upload = null;
    }
  });
}

export default fp(uploadsPlugin, { name: 'uploads', dependencies: ['context'] });
