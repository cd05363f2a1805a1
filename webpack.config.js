// Production build: content-hashed, route-split chunks in dist/. The server injects run-time configuration
// into index.html, so one build serves every environment.
const path = require('node:path');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
const { BannerPlugin, Compilation, sources } = require('webpack');
const { PAGE_SCRIPT_SOURCES_FILE, inlineScriptSources, inlineStartupScript } = require('./tools/startupScript.cjs');

/** Each translation's chunk (named 'locale-de' and so on by src/i18n/i18n.ts) by its locale, as the page fetches it. */
function localeCatalogFiles(compilation) {
  const files = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    const locale = /^locale-(.+)$/.exec(name)?.[1];
    const file = group.getFiles().find((candidate) => candidate.endsWith('.js'));
    if (locale && file) files[locale] = compilation.outputOptions.publicPath + file;
  }
  return files;
}

/**
 * TypeScript and JSX by swc, with Lingui's macro (docs/localization.md): each message becomes its catalog id beside
 * its English, which the production build then compiles where it stands (tools/precompileMessages.cjs).
 */
function scriptLoaders(production, hot) {
  const swc = {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        // React Refresh (npm run dev): components edited keep their state instead of reloading the panel.
        transform: { react: { runtime: 'automatic', refresh: hot } },
        target: 'es2020',
        experimental: { plugins: [['@lingui/swc-plugin', { stripNonEssentialFields: false }]] },
      },
    },
  };
  return production ? [path.resolve(__dirname, 'tools/precompileMessages.cjs'), swc] : [swc];
}

const PRECOMPRESSED = /\.(js|svg)$/;

function precompressed() {
  return [
    new CompressionPlugin({
      test: PRECOMPRESSED,
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      filename: '[path][base].gz',
    }),
    new CompressionPlugin({ test: PRECOMPRESSED, algorithm: 'brotliCompress', filename: '[path][base].br' }),
  ];
}

/**
 * Inlines the page's start-up script (src/startup/, built by tools/startupScript.cjs) into index.html, and once
 * the page is final (minified), leaves beside it the CSP source that allows the script as the page carries it:
 * the server sends it in the page's policy (routes/panelPageRoutes.ts).
 */
class InlineStartupScript {
  apply(compiler) {
    compiler.hooks.compilation.tap('InlineStartupScript', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tap('InlineStartupScript', (data) => ({
        ...data,
        html: inlineStartupScript(data.html, localeCatalogFiles(compilation)),
      }));
      compilation.hooks.processAssets.tap(
        { name: 'InlineStartupScript', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const page = compilation.getAsset('index.html');
          if (page === undefined) return;
          const scriptSources = inlineScriptSources(page.source.source().toString());
          compilation.emitAsset(PAGE_SCRIPT_SOURCES_FILE, new sources.RawSource(JSON.stringify(scriptSources)));
        },
      );
    });
  }
}

/**
 * Preloads the default screen's code (the dashboard: '/', '/billing' and every unknown path) from the page
 * itself, so it downloads beside the entry instead of after the entry has run; the other screens start loading
 * as the entry starts (preloadScreen in src/app/routes.tsx, called by src/app/startPanel.tsx).
 */
class PreloadDefaultScreen {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadDefaultScreen', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadDefaultScreen', (data) => {
        const entryFiles = new Set(compilation.entrypoints.get('main').getFiles());
        const screenFiles = compilation.namedChunkGroups.get('dashboard')?.getFiles() ?? [];
        const preloads = screenFiles
          .filter((file) => file.endsWith('.js') && !entryFiles.has(file))
          .map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: compilation.outputOptions.publicPath + file,
            }),
          );
        data.headTags.push(...preloads);
        return data;
      });
    });
  }
}

/** Where each build goes: the production build in dist/, npm run dev's in dist-dev/ (which the demo server serves then). */
const OUTPUT_DIRS = { production: 'dist', development: 'dist-dev' };

module.exports = (env, argv) => {
  const production = argv.mode !== 'development';
  // webpack-dev-server sets WEBPACK_SERVE; its hot updates need the refresh transform and plugin.
  const hot = !production && Boolean(env.WEBPACK_SERVE);
  return {
    mode: production ? 'production' : 'development',
    // Modules compiled once are kept on disk (node_modules/.cache/webpack), so a later build of unchanged sources
    // takes a few seconds instead of about 20: `npm test` builds the panel in its browser step and again in the
    // platform walkthrough it runs as docs/platform-api.md writes it (`npm run evaluate`). A change to this file
    // starts the cache afresh; the packages are keyed by their versions.
    cache: { type: 'filesystem', buildDependencies: { config: [__filename] } },
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, OUTPUT_DIRS[production ? 'production' : 'development']),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: scriptLoaders(production, hot) },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.svg$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      new InlineStartupScript(),
      new PreloadDefaultScreen(),
      ...(hot ? [new ReactRefreshPlugin({ overlay: false })] : []),
      // Brotli and gzip copies beside each script, made once here at the highest levels, so the server sends
      // them as they are (preCompressed in routes/panelPageRoutes.ts) instead of compressing every download again.
      ...(production ? precompressed() : []),
      // V8 compiles a function when it is first called, and keeps in a script's code cache only what was compiled
      // when the cache was made, just after the script ran; a chunk's modules run later, from the runtime, so a
      // repeat visit compiled them all again. This hint (V8's explicit compile hints) has V8 compile every function
      // of the file as the file loads, on the thread that streams it in, and so keep them in the cache.
      // Added once minified (the minifier drops comments), before the source maps and the compressed copies.
      ...(production
        ? [
            new BannerPlugin({
              banner: '//# allFunctionsCalledOnLoad',
              raw: true,
              test: /\.js$/,
              stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
            }),
          ]
        : []),
    ],
    // No eval in development either: the panel's page policy (server/http/panelHtml.ts) allows none.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // The public suffix list (~45 KB gzip) serves the domain screens only: its own chunk, loaded with them,
          // rather than a part of the shared vendor chunk every first screen loads.
          publicSuffix: {
            test: /[\\/]node_modules[\\/]tldts/,
            name: 'public-suffix',
            chunks: 'async',
            priority: 20,
            enforce: true,
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 600_000, maxAssetSize: 600_000 },
    stats: 'errors-warnings',
  };
};
