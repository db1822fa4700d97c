import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption, type UserConfig } from 'vite';

/** Where `npm start` serves the platform; the dev server proxies API and WebSocket calls to it. */
const SERVER = 'http://127.0.0.1:8080';

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, at the highest levels
 * (done once per release, not per request); the platform server picks one by Accept-Encoding.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tp:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesBelow(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length };
          await writeFile(`${file}.br`, await brotli(content, { params }));
          await writeFile(`${file}.gz`, await gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

/**
 * The build every web app shares; each gives its folder and the base path the platform server
 * serves it at (`/`, `/exchange/`, `/admin/`). Build tooling, kept out of the packages: imported by
 * each app's vite.config.ts, which brings the React plugin (installed per app).
 */
export function webAppConfig(options: { root: string; base: string; plugins: PluginOption[] }): UserConfig {
  return defineConfig({
    root: options.root,
    base: options.base,
    plugins: [...options.plugins, precompress()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        treeshake: {
          // Contract schemas are plain zod calls: one a page does not use is dropped, not shipped.
          manualPureFunctions: ['z'],
          // Ant Design's own packages are side-effect free but do not say so; without this, using one
          // export of a package (a menu item, a form context) ships all of it.
          moduleSideEffects: [{ test: /node_modules[\\/](@rc-component|@ant-design)[\\/]/, sideEffects: false }],
        },
        output: {
          // React changes far less often than the apps: its own chunk stays cached across releases.
          // Ant Design stays with the default splitting, so each page loads only the components it uses.
          codeSplitting: {
            groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': { target: SERVER, changeOrigin: true },
        '/ws': { target: SERVER, ws: true, changeOrigin: true },
      },
    },
  });
}
