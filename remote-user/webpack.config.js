const { createRemoteConfig } = require('../tools/webpack/federation');

module.exports = createRemoteConfig('user', __dirname);
