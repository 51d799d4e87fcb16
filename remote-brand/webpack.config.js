const { createRemoteConfig } = require('../tools/webpack/federation');

module.exports = createRemoteConfig('brand', __dirname);
