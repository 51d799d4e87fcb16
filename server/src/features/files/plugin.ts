// Request state for uploads: request.upload holds a multipart request's staged file until the
// handler commits it; anything still staged when the response is sent (validation failed, the
// brand was not the caller's, …) is deleted then.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('upload', null);
  const discardStaged = async (request: FastifyRequest) => {
    const staged = request.upload;
    if (staged) {
      request.upload = null;
      // After a commit the staged path no longer exists; discard ignores that.
      await app.deps.uploads.discard(staged.tempPath);
    }
  };
  // Before the reply goes out (so a client never sees a reply while the file still lingers),
  // and again when the response ends, for requests that never got to send one.
  app.addHook('onSend', async (request, _reply, payload) => {
    await discardStaged(request);
    return payload;
  });
  app.addHook('onResponse', discardStaged);
}

export default fp(uploadsPlugin, { name: 'uploads', dependencies: ['context'] });
