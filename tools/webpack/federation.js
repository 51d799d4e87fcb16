// The one place that says what the host and remotes share and how each app is built.
// Every app's webpack.config.js is a call to createAppConfig, so the shared singleton list,
// loaders and dev-server settings cannot drift between teams.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const root = path.resolve(__dirname, '../..');
// Read package.json directly: some packages (ours included) do not export it.
const rootPkg = (name) => require(path.join(root, 'node_modules', name, 'package.json')).version;

/** Libraries that must exist once per page: React state, router context, the store and the theme. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'redux',
  'styled-components',
  'notistack',
  'formik',
  'shared-ui',
  'shared-api',
];

function sharedConfig() {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = rootPkg(name);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  // react-dom/client and friends are deep imports of the same singleton package.
  shared['react-dom/'] = { singleton: true, requiredVersion: shared['react-dom'].requiredVersion };
  // Routing is shared through a facade so react-router can be tree-shaken inside it; there is
  // still one router context per page (see shared-ui/src/router.ts).
  shared['shared-ui/router'] = { singleton: true, requiredVersion: shared['shared-ui'].requiredVersion };
  // Chart code is shared but loaded only by screens that draw charts.
  shared['shared-ui/charts'] = { singleton: true, requiredVersion: shared['shared-ui'].requiredVersion };
  shared['chart.js'] = { singleton: true, requiredVersion: `^${rootPkg('chart.js')}` };
  return shared;
}

/** Remote names as they appear in the runtime manifest and in `loadRemote('remote_x/App')`. */
const REMOTES = {
  auth: { name: 'remote_auth', port: 8001 },
  user: { name: 'remote_user', port: 8002 },
  brand: { name: 'remote_brand', port: 8003 },
  advocate: { name: 'remote_advocate', port: 8004 },
};

/**
 * @param {object} opts
 * @param {string} opts.dir         the app's package directory
 * @param {string} opts.name        federation name (e.g. 'shell', 'remote_brand')
 * @param {number} opts.port        dev-server port
 * @param {Record<string,string>} [opts.exposes]
 * @param {boolean} [opts.isHost]
 * @param {Record<string,string|object>} [opts.devProxy] dev-server proxy (host only)
 */
function createAppConfig({ dir, name, port, exposes, isHost = false, devProxy }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    return {
      context: dir,
      entry: { main: './src/index.ts' },
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes resolve their chunk URLs from where remoteEntry.js was loaded.
        publicPath: isHost ? '/' : 'auto',
        // The federation runtime cannot interpolate [contenthash] in the entry's name; entries
        // are small and served with revalidation, while chunks carry the hash and cache forever.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        crossOriginLoading: 'anonymous',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: {
                    react: { runtime: 'automatic', development: !production, refresh: false },
                  },
                  target: 'es2020',
                },
              },
            },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|jpe?g|webp|svg|gif)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes,
          shared: sharedConfig(),
          shareStrategy: 'loaded-first',
          // The dts plugin fetches types over the network and hangs without one.
          dts: false,
          manifest: false,
          // Remotes are plain remoteEntry.js URLs, never manifest snapshots, so the snapshot code
          // can go. (Sharing one runtime through externalRuntime was measured and grew the host by
          // more than it saved per remote.)
          experiments: { optimization: { disableSnapshot: true } },
        }),
        new HtmlWebpackPlugin({
          template: path.join(dir, 'public/index.html'),
          favicon: path.join(root, 'shared-ui/assets/favicon.svg'),
        }),
      ],
      performance: { hints: false },
      devServer: {
        port,
        hot: true,
        historyApiFallback: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
        },
        proxy: devProxy,
        client: { overlay: { runtimeErrors: false } },
      },
    };
  };
}

module.exports = { createAppConfig, REMOTES, SINGLETONS };
