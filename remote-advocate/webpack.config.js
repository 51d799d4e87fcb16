const { createRemoteConfig } = require('../tools/webpack/federation');

module.exports = createRemoteConfig('advocate', __dirname);
