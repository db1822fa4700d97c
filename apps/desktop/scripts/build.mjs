// `npm run build:desktop`: bundles the main process and the preload into dist/ for Electron.
// CommonJS because Electron runs a sandboxed preload only in that form; `electron` stays external
// (Electron provides it), everything else (the contract's schemas) is bundled in.
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

await build({
  entryPoints: { main: path.join(root, 'src/main.ts'), preload: path.join(root, 'src/preload.ts') },
  outdir: path.join(root, 'dist'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // Electron 41 runs Node 24 and Chromium 146.
  target: 'node24',
  external: ['electron'],
  sourcemap: true,
  logLevel: 'info',
});
