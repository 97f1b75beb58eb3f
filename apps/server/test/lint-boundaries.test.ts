import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The repository's own eslint.config.js (what `npm run lint` runs) rejects an import of a feature's
 * internals from outside the feature, and an import cycle. Without a module resolver the import
 * rules resolve nothing and pass everything, so each case also checks the allowed twin passes.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: ROOT });

async function ruleIds(relativePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, relativePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('feature boundaries', () => {
  it('rejects a server module importing a feature file other than its index.ts', async () => {
    const file = 'apps/server/src/realtime/boundary-probe.ts';
    expect(await ruleIds(file, "export { resolveSession } from '../features/auth/sessions';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(file, "export { resolveSession } from '../features/auth';\n")).toEqual([]);
  });

  it('rejects one server feature reaching into another', async () => {
    const file = 'apps/server/src/features/admin/boundary-probe.ts';
    expect(await ruleIds(file, "export { askCatalyst } from '../conversations/ask-catalyst';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    // Inside its own folder a feature imports its files directly.
    expect(await ruleIds(file, "export { adminRoutes } from './routes';\n")).toEqual([]);
  });

  it('rejects a web feature importing another web feature’s internals', async () => {
    const file = 'apps/web/src/features/conversation/boundary-probe.ts';
    expect(
      await ruleIds(file, "export { MakeDecisionDialog } from '../decisions/make-decision-dialog';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(file, "export { MakeDecisionDialog } from '../decisions';\n")).toEqual([]);
  });

  it('rejects shared code depending on a feature, even through its index.ts', async () => {
    expect(
      await ruleIds('apps/web/src/lib/boundary-probe.ts', "export { useLogout } from '../features/auth';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds(
        'apps/server/src/lib/boundary-probe.ts',
        "export { askCatalyst } from '../features/conversations';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });
});

describe('import cycles', () => {
  // A cycle needs both files on disk: the rule follows the second file's imports from the disk.
  const dir = path.join(ROOT, `apps/server/src/lib/cycle-probe-${process.pid}`);
  const first = path.join(dir, 'first.ts');
  const second = path.join(dir, 'second.ts');

  beforeAll(() => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(first, "import { two } from './second';\nexport const one = () => two() + 1;\n");
    fs.writeFileSync(second, "import { one } from './first';\nexport const two = () => one() + 1;\n");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('rejects two modules importing each other', async () => {
    const [result] = await eslint.lintFiles([first]);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('accepts the same modules once the cycle is broken', async () => {
    const [result] = await eslint.lintText('export const one = () => 1;\n', { filePath: first });
    expect(result?.messages).toEqual([]);
  });
});
