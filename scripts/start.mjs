#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then run the server, which migrates,
// seeds demo data (development mode) and serves the API, the WebSocket hub and the three web apps.
import { spawn } from 'node:child_process';
import { prepare, root } from './prepare.mjs';

prepare();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
// Ctrl-C reaches the whole process group; forwarding other signals lets the server close cleanly.
process.on('SIGTERM', () => server.kill('SIGTERM'));
process.on('SIGINT', () => {});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
