// The one place that says what the host and remotes share and how each app is built.
// Every app's webpack.config.js is a call to createAppConfig, so the shared singleton list,
// loaders and dev-server settings cannot drift between teams.
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const zopfli = require('@gfx/zopfli');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { DefinePlugin } = require('webpack');

const root = path.resolve(__dirname, '../..');
// Read package.json directly: some packages (ours included) do not export it.
const rootPkg = (name) => require(path.join(root, 'node_modules', name, 'package.json')).version;

/**
 * Libraries that must exist once per page: React state, the store's context and the theme.
 * Federation cannot tree-shake a shared package, so libraries only one shared package uses are
 * bundled inside it instead: Redux Toolkit inside shared-api (which owns the one store),
 * react-router inside the shared-ui/router facade.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-redux',
  'styled-components',
  'notistack',
  'formik',
  'shared-ui',
  'shared-api',
];

/**
 * Entries of the singletons shared apart from their package's main entry, each with the package
 * whose version it requires, so a screen loads only the entries it imports.
 */
const SINGLETON_ENTRIES = {
  // react-dom/client and friends are deep imports of the same singleton package.
  'react-dom/': 'react-dom',
  // The catalog endpoints (brands, products, campaigns) likewise stay off the sign-in pages.
  'shared-api/catalog': 'shared-api',
  'shared-api/tracking': 'shared-api',
  // Workspace-only components are a separate entry so the sign-in pages skip them.
  'shared-ui/workspace': 'shared-ui',
  // Routing is shared through a facade so react-router can be tree-shaken inside it; there is
  // still one router context per page (see shared-ui/src/router.ts).
  'shared-ui/router': 'shared-ui',
  // Chart code is shared but loaded only by screens that draw charts.
  'shared-ui/charts': 'shared-ui',
  // The analytics widgets (brand and advocate insights) draw charts, so they are an entry of
  // their own too: screens without them never load them.
  'shared-ui/insights': 'shared-ui',
  // chart.js is not shared: only shared-ui/charts imports it, so it is bundled inside that entry,
  // tree-shaken to the controllers, scales and plugins our charts register (a shared chart.js
  // would be downloaded whole). One copy per page still holds, since shared-ui/charts is one.
};

/**
 * The shared packages the shell's first render needs on every page: the singletons, their deep
 * imports and the router facade. The host provides them eagerly, bundled into its own start-up
 * chunks, instead of as one lazily fetched chunk per package: the page downloads about 9 KB less
 * gzip (scope hoisting, no per-package chunk wrappers, no second copy of a module two of those
 * chunks both pulled in), and the start-up code needs no async boundary to wait for them.
 * Remotes are unaffected: they still consume these from the share scope ('loaded-first' gives
 * them the page's copies), and the other shared entries (shared-ui/workspace, charts, insights,
 * shared-api/catalog, tracking) stay lazy so pages without them never download them.
 */
const HOST_EAGER = new Set([...SINGLETONS, 'react-dom/', 'shared-ui/router']);

/** The share scope's packages; `isHost`: the ones the first render needs are eager. */
function sharedConfig(isHost) {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = rootPkg(name);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  for (const [entry, pkg] of Object.entries(SINGLETON_ENTRIES))
    shared[entry] = { singleton: true, requiredVersion: shared[pkg].requiredVersion };
  if (isHost) for (const name of HOST_EAGER) shared[name].eager = true;
  return shared;
}

/** Versions of the product's own shared packages, from their package.json files. */
function sharedBuildVersions() {
  return Object.fromEntries(
    ['shared-api', 'shared-ui'].map((name) => [
      name,
      require(path.join(root, name, 'package.json')).version,
    ]),
  );
}

/** Remote names as they appear in the runtime manifest and in `loadRemote('remote_x/App')`. */
// The one list of remotes (contract/remotes.json), keyed by area.
const REMOTES = Object.fromEntries(
  require('../../contract/remotes.json').map((remote) => [remote.area, remote]),
);

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
      // The browsers we support run ES2020, so webpack's own runtime code (module loading,
      // federation glue, in every entry and remote) is written with arrows and const, not ES5.
      target: ['web', 'es2020'],
      entry: { main: './src/index.ts' },
      mode: production ? 'production' : 'development',
      // Production maps are written for the team's own debugging (dist/*.map) but not linked
      // from the bundles, and the servers refuse to serve them: the source stays private.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes resolve their chunk URLs from where remoteEntry.js was loaded.
        publicPath: isHost ? '/' : 'auto',
        // The federation runtime cannot interpolate [contenthash] in the entry's name; entries
        // are small and served with revalidation, while chunks carry the hash and cache forever.
        // So does the host's start-up chunk of libraries (vendors, below), which is not an entry.
        filename: (pathData) =>
          isHost && production && pathData.chunk.name === 'vendors'
            ? '[name].[contenthash:8].js'
            : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        crossOriginLoading: 'anonymous',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // Workspace packages (contract/rules) are bundled from their TypeScript sources.
        conditionNames: ['source', '...'],
        extensionAlias: { '.js': ['.ts', '.js'] },
      },
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
        // The shared packages' versions this app is built with: the shell's are what the page
        // provides, each remote's what it needs (see tools/webpack/requirements.js).
        new DefinePlugin({ __SHARED_BUILD__: JSON.stringify(sharedBuildVersions()) }),
        new ModuleFederationPlugin({
          name,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes: isHost
            ? exposes
            : { ...exposes, './requirements': path.join(__dirname, 'requirements.js') },
          shared: sharedConfig(isHost),
          shareStrategy: 'loaded-first',
          // The dts plugin fetches types over the network and hangs without one.
          dts: false,
          manifest: false,
          // Remotes are plain remoteEntry.js URLs, never manifest snapshots, so the snapshot code
          // can go. (Sharing one runtime through externalRuntime was measured and grew the host by
          // more than it saved per remote.)
          // Remotes never load remotes themselves, so their copy of the runtime drops that code too.
          experiments: {
            optimization: { disableSnapshot: true, disableRemote: !isHost, target: 'web' },
          },
        }),
        new HtmlWebpackPlugin({
          // Remotes share one page for their standalone harness; the shell has its own.
          template: isHost
            ? path.join(dir, 'public/index.html')
            : path.join(__dirname, 'remote.html'),
          title: `${path.basename(dir)} (standalone)`,
          favicon: path.join(root, 'shared-ui/assets/favicon.svg'),
        }),
        // Precompressed copies, served as-is by the static servers: zopfli squeezes gzip a few
        // percent below zlib's best, brotli goes further for browsers that accept it.
        ...(production
          ? [
              new CompressionPlugin({
                test: /\.(js|css|html|svg)$/,
                filename: '[path][base].gz',
                algorithm: (input, options, callback) => zopfli.gzip(input, options, callback),
                compressionOptions: { numiterations: 15 },
                minRatio: 0.9,
              }),
              new CompressionPlugin({
                test: /\.(js|css|html|svg)$/,
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                minRatio: 0.9,
              }),
            ]
          : []),
      ],
      // The host's eager libraries change far less often than its own code, so they go into a
      // start-up chunk of their own that carries a content hash and is cached for good, while
      // main.js (the shell and the shared packages) is revalidated on every visit.
      ...(isHost && {
        optimization: {
          splitChunks: {
            cacheGroups: {
              vendors: {
                test: /[\\/]node_modules[\\/]/,
                chunks: 'initial',
                name: 'vendors',
                enforce: true,
              },
            },
          },
        },
      }),
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

/**
 * A remote's config: its name and port from the one list of remotes, its App exposed, and in
 * standalone development the API calls sent on to the product server.
 * @param {string} area  the remote's area ('auth', 'user', 'brand', 'advocate')
 * @param {string} dir   the remote's package directory
 */
function createRemoteConfig(area, dir) {
  const { name, port } = REMOTES[area];
  return createAppConfig({
    dir,
    name,
    port,
    exposes: { './App': './src/App.tsx' },
    devProxy: [
      { context: ['/api'], target: `http://localhost:${process.env.DEV_API_PORT || 8000}` },
    ],
  });
}

module.exports = { createAppConfig, createRemoteConfig, REMOTES, SINGLETONS };
