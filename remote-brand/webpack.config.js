const { createAppConfig, REMOTES } = require('../tools/webpack/federation');

const { name, port } = REMOTES.brand;

module.exports = createAppConfig({
  dir: __dirname,
  name,
  port,
  exposes: { './App': './src/App.tsx' },
  // Standalone dev: API calls go to the product server.
  devProxy: [{ context: ['/api'], target: `http://localhost:${process.env.DEV_API_PORT || 8000}` }],
});
