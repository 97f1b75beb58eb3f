import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps';
import { safeTableName } from './csv-load';
import * as repo from './repo';

/**
 * Creates (or reuses) the File Source `name` of an organisation and queues CSV files from the
 * server's disk for loading, exactly like an upload (the demo dataset "Retail Sales (demo)"
 * uses it on first start). Files are copied into DATA_DIR/uploads first, so the originals are
 * left alone. Resolves with the file ids once queued; `deps.dataSources.jobs.idle()` waits
 * for the loads.
 */
export async function importCsvFiles(
  deps: Deps,
  options: {
    orgId: number;
    userId: number | null;
    name: string;
    files: { path: string; fileName?: string }[];
  },
): Promise<{ connId: number; fileIds: number[] }> {
  const ctx = deps.dataSources;
  await fs.promises.mkdir(ctx.uploadDir, { recursive: true });
  let conn = await repo.findConnectionByName(deps.db, options.orgId, options.name);
  if (conn && conn.db_type !== 'flat_files')
    throw new Error(`A data source named "${options.name}" exists and is not a File Source`);
  conn ??= await repo.insertConnection(
    deps.db,
    options.orgId,
    options.userId,
    repo.fileSourceValues(options.name),
  );
  const taken = await repo.liveTableNames(deps.db, conn.id);
  const staged = [];
  for (const f of options.files) {
    const fileName = f.fileName ?? path.basename(f.path);
    const target = path.join(ctx.uploadDir, `${randomUUID()}.csv`);
    await fs.promises.copyFile(f.path, target);
    const table = safeTableName(fileName, taken);
    taken.add(table);
    staged.push({
      file_name: fileName,
      table_name: table,
      size_bytes: (await fs.promises.stat(target)).size,
      upload_path: target,
    });
  }
  const rows = await repo.insertCsvFiles(deps.db, options.orgId, conn.id, options.userId, staged);
  ctx.jobs.enqueue(rows.map((r) => r.id));
  return { connId: conn.id, fileIds: rows.map((r) => r.id) };
}
