// Webpack configuration shared by the shell and every remote: one loader set-up, one list of
// federation singletons pinned to the kit's exact versions, one output layout:
//   frontends/dist/                  the shell (index.html and its chunks)
//   frontends/dist/remotes/<name>/   each remote's remoteEntry.js and chunks
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack'
import TerserPlugin from 'terser-webpack-plugin'
import { SingleInstancePlugin } from './single-instance-plugin.mjs'

const kitDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const repositoryRoot = resolve(kitDir, '../..')
const kitPackage = JSON.parse(readFileSync(resolve(kitDir, 'package.json'), 'utf8'))

/** FRONTEND_OUT builds somewhere else (parallel work, benchmarks); the gateway reads FRONTEND_DIR. */
export const outputRoot = process.env.FRONTEND_OUT ? resolve(process.env.FRONTEND_OUT) : resolve(kitDir, '../dist')
export const remoteNames = ['public', 'setup', 'dashboard']

const exact = (range) => range.replace(/^[\^~]/, '')

/**
 * Singletons shared by every build, pinned to one version (the kit's). The router is shared
 * through the kit's `router` entry (only the parts the kit re-exports are bundled); zod and the
 * contracts are not shared, so each bundle keeps only the schemas it uses, in lazy chunks.
 * react-hook-form is shared itself: the kit's /forms and /rich-text entries and the remotes' own
 * forms import it, and a form's context reaches its fields only when they all run one copy of it
 * (the /rich-text of one remote renders inside the FormProvider of another).
 */
export function sharedSingletons() {
  const deps = kitPackage.dependencies
  const singleton = (version) => ({ singleton: true, requiredVersion: exact(version), strictVersion: true })
  const kitEntry = { ...singleton(kitPackage.version), version: kitPackage.version }
  return {
    react: singleton(deps.react),
    'react/': singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-dom/': singleton(deps['react-dom']),
    'react-hook-form': singleton(deps['react-hook-form']),
    zustand: singleton(deps.zustand),
    '@donaciones/web-kit': kitEntry,
    '@donaciones/web-kit/router': kitEntry,
    '@donaciones/web-kit/forms': kitEntry,
    '@donaciones/web-kit/chart': kitEntry,
    '@donaciones/web-kit/rich-text': kitEntry,
  }
}

/**
 * Packages each bundle may keep its own copy of: they hold no state, so two copies on a page do
 * no harm (decision 32). Any other module a bundle reaches both through a shared module and from
 * its own code, or through two shared modules, fails the build (SingleInstancePlugin).
 */
export const duplicablePackages = ['zod', '@donaciones/contracts']

/**
 * @param {object} options
 * @param {string} options.name       federation name (shell, public, setup, dashboard)
 * @param {string} options.dir        the package folder
 * @param {Record<string,string>} [options.exposes]  remotes only
 * @param {boolean} [options.host]    the shell: html page and the remotes' addresses
 */
export function federatedConfig({ name, dir, exposes, host = false }) {
  const production = process.env.NODE_ENV !== 'development'
  const publicPath = host ? '/' : `/remotes/${name}/`
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: host ? { main: './src/index.ts' } : {},
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: host ? outputRoot : resolve(outputRoot, 'remotes', name),
      publicPath,
      uniqueName: `donaciones_${name}`,
      // Entry files keep stable names (index.html, main and remoteEntry are served uncached); chunks are hashed.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: host ? { keep: /^(remotes|\.builds)[\\/]/ } : true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: [
        // .ts files are not JSX: `<T>(value: T) => …` must stay a generic.
        { test: /\.[cm]?ts$/, loader: 'esbuild-loader', options: { loader: 'ts', target: 'es2020' } },
        { test: /\.tsx$/, loader: 'esbuild-loader', options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' } },
        // CSS goes to .css files (fetched in parallel, cached, not parsed as JavaScript).
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource' },
        // Skipped as a side-effect-free re-export, this module's `export * as iso` made webpack 5.113
        // resolve `z.iso.date()` to `z.date()`; kept, it costs no byte (decision 130).
        { test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]external\.js$/, sideEffects: true },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:8].css' }),
      new ModuleFederationPlugin({
        // 'public' is a reserved word: the global container names carry a prefix.
        name: `donaciones_${name}`,
        ...(host
          ? { remotes: Object.fromEntries(remoteNames.map((remote) => [remote, `donaciones_${remote}@/remotes/${remote}/remoteEntry.js`])) }
          : { filename: 'remoteEntry.js', exposes }),
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        // Browser-only runtime without the snapshot (manifest) code; remotes load no remotes themselves.
        // One copy of the federation runtime: the shell provides it (provide-federation-runtime.js),
        // the remotes' entries use it.
        experiments: {
          optimization: { disableSnapshot: true, target: 'web', ...(host ? {} : { disableRemote: true }) },
          ...(host ? {} : { externalRuntime: true }),
        },
        ...(host ? { runtimePlugins: [resolve(kitDir, 'webpack/provide-federation-runtime.js')] } : {}),
      }),
      new SingleInstancePlugin({ bundle: name, root: repositoryRoot, duplicable: duplicablePackages }),
      ...(host ? [new HtmlWebpackPlugin({ template: './src/index.html', inject: 'body', scriptLoading: 'defer', hash: true })] : []),
    ],
    // SWC minifies as small as terser in a fraction of its time (decision 95).
    optimization: { minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })] },
    performance: { hints: false },
    stats: 'errors-warnings',
  }
}
