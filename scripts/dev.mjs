// `npm run dev`: the server with reload on change (tsx watch) and Vite's dev server with HMR,
// which proxies /api and /socketio to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'apps/server/src/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { NODE_ENV: 'development', ...process.env },
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
