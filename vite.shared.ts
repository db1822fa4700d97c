import { defineConfig, type PluginOption, type UserConfig } from 'vite';

/** Where `npm start` serves the platform; the dev server proxies API and WebSocket calls to it. */
const SERVER = 'http://127.0.0.1:8080';

/**
 * The build every web app shares; each gives its folder and the base path the platform server
 * serves it at (`/`, `/exchange/`, `/admin/`). Build tooling, kept out of the packages: imported by
 * each app's vite.config.ts, which brings the React plugin (installed per app).
 */
export function webAppConfig(options: { root: string; base: string; plugins: PluginOption[] }): UserConfig {
  return defineConfig({
    root: options.root,
    base: options.base,
    plugins: options.plugins,
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
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
