const { createRemoteConfig } = require('../tools/webpack/federation');

module.exports = createRemoteConfig('auth', __dirname);
