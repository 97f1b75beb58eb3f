import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Configuration is read in one place: apps/server/src/config.ts validates every environment
 * variable at start (and lists every bad one). Nothing else in the server, and nothing in the
 * engine, reads the environment: settings are passed in (the engine's LLM, BigQuery's workload
 * identity token sources, ...). A source scan keeps it that way.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
const ENGINE_SRC = path.join(ROOT, 'packages/engine/src');

/** The one reader of the environment. */
const CONFIG = path.join(SERVER_SRC, 'config.ts');
/**
 * The evaluation tools are command-line programs for developers, run on their own (`npm run eval`
 * and friends) and never part of the library the server imports (asserted below): where the shared
 * eval sets live (CATALYST_EVAL_DIR) is a setting of that program, not of Catalyst.
 */
const ENGINE_TOOL_SETTINGS = path.join(ENGINE_SRC, 'eval/score.ts');

// `process.env`, `process['env']`, `const { env } = process`, `import { env } from 'node:process'`.
const ENV_READ =
  /\bprocess\s*(?:\?\.|\.)\s*env\b|\bprocess\s*\[\s*['"`]env['"`]\s*\]|\{[^}]*\benv\b[^}]*\}\s*=\s*(?:globalThis\.)?process\b|import\s*\{[^}]*\benv\b[^}]*\}\s*from\s*['"](?:node:)?process['"]/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Comments may mention the environment (they explain where a setting comes from). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const readsEnv = (file: string) => ENV_READ.test(withoutComments(fs.readFileSync(file, 'utf8')));

/** Every module reachable from `entry` through relative imports (what importing it loads). */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const base = path.resolve(path.dirname(file), m[1]!);
      const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
      );
      if (target) visit(target);
    }
  };
  visit(entry);
  return seen;
}

describe('environment variables', () => {
  it('the scan recognises every way of reading the environment', () => {
    const reads = [
      'const a = process.env.X;',
      "const b = process['env'];",
      'const c = process?.env;',
      'const { env } = process;',
      'const { env: e, argv } = process;',
      "import { env } from 'node:process';",
    ];
    for (const line of reads) expect(ENV_READ.test(withoutComments(line)), line).toBe(true);
    for (const line of ['// process.env.X is read in config.ts', 'const environment = deps.config.llm;'])
      expect(ENV_READ.test(withoutComments(line)), line).toBe(false);
  });

  it('are read only by apps/server/src/config.ts in the server', () => {
    const files = sourceFiles(SERVER_SRC);
    expect(files.length).toBeGreaterThan(50);
    expect(readsEnv(CONFIG)).toBe(true);
    const readers = files.filter((f) => f !== CONFIG && readsEnv(f)).map((f) => path.relative(ROOT, f));
    expect(readers).toEqual([]);
  });

  it('are never read by the engine: its LLM and every other setting are passed in', () => {
    const files = sourceFiles(ENGINE_SRC);
    expect(files.length).toBeGreaterThan(30);
    const readers = files
      .filter((f) => f !== ENGINE_TOOL_SETTINGS && readsEnv(f))
      .map((f) => path.relative(ROOT, f));
    expect(readers).toEqual([]);
    // The evaluation tools' own setting stays out of everything the library (and so the server) loads.
    const library = reachable(path.join(ENGINE_SRC, 'index.ts'));
    expect(library.size).toBeGreaterThan(30);
    expect(library.has(ENGINE_TOOL_SETTINGS)).toBe(false);
    expect([...library].filter(readsEnv).map((f) => path.relative(ROOT, f))).toEqual([]);
    const deepImports = sourceFiles(SERVER_SRC).filter((f) =>
      /from\s*['"]@catalyst\/engine\/[^'"]+['"]/.test(fs.readFileSync(f, 'utf8')),
    );
    expect(deepImports.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
