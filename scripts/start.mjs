// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (API + web app on one port) in this very process, so its pid is the server's pid.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
  path.join(web, p),
);
sources.push(path.join(root, 'packages/contracts/src'));
const sourceTime = Math.max(...sources.map(newestMtime));
const buildTime = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;

if (process.env.CATALYST_SKIP_WEB_BUILD !== '1' && buildTime < sourceTime) {
  console.log('Building the web app (first start or changed sources)…');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: web,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
