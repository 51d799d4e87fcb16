const { createAppConfig } = require('../tools/webpack/federation');

// In `npm run dev` the API server listens on DEV_API_PORT and the shell's dev server takes 8000.
const api = `http://localhost:${process.env.DEV_API_PORT || 8090}`;

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  port: 8000,
  isHost: true,
  devProxy: [{ context: ['/api', '/r/', '/sdk', '/remotes.json', '/files'], target: api }],
});
