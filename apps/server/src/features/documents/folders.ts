import type { TDocumentFolder, TFolderInput } from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Caller } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/errors';
import { visibleDocuments } from './service';

/** The organisation's folders with the number of documents in each that the caller may see. */
export async function listFolders(deps: Deps, caller: Caller): Promise<TDocumentFolder[]> {
  const visible = visibleDocuments(deps.db, caller).select('documents.id');
  const rows = await deps.db
    .selectFrom('document_folders as f')
    .select([
      'f.id',
      'f.name',
      'f.color',
      sql<number>`(select count(*)::int from documents d where d.folder_id = f.id and d.id in (${visible}))`.as(
        'documentCount',
      ),
    ])
    .where('f.org_id', '=', caller.orgId)
    .orderBy(sql`lower(f.name)`)
    .execute();
  return rows;
}

async function folderRow(deps: Deps, caller: Caller, id: number) {
  const row = await deps.db
    .selectFrom('document_folders')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  if (!row) throw notFound(`Folder ${id}`);
  return row;
}

async function nameTaken(deps: Deps, caller: Caller, name: string, exceptId?: number) {
  let q = deps.db
    .selectFrom('document_folders')
    .select('id')
    .where('org_id', '=', caller.orgId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new AppError('CONFLICT', `A folder named "${name}" already exists.`);
}

export async function createFolder(
  deps: Deps,
  caller: Caller,
  input: TFolderInput,
): Promise<TDocumentFolder> {
  await nameTaken(deps, caller, input.name);
  const row = await deps.db
    .insertInto('document_folders')
    .values({ org_id: caller.orgId, name: input.name, color: input.color, created_by: caller.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await listFolders(deps, caller)).find((f) => f.id === row.id)!;
}

export async function updateFolder(
  deps: Deps,
  caller: Caller,
  id: number,
  input: Partial<TFolderInput>,
): Promise<TDocumentFolder> {
  await folderRow(deps, caller, id);
  if (input.name !== undefined) await nameTaken(deps, caller, input.name, id);
  const set = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.color !== undefined && { color: input.color }),
  };
  if (Object.keys(set).length)
    await deps.db.updateTable('document_folders').set(set).where('id', '=', id).execute();
  return (await listFolders(deps, caller)).find((f) => f.id === id)!;
}

/** Deletes the folder; its documents stay, outside any folder. */
export async function deleteFolder(deps: Deps, caller: Caller, id: number): Promise<void> {
  await folderRow(deps, caller, id);
  await deps.db.deleteFrom('document_folders').where('id', '=', id).execute();
}
