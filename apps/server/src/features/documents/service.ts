import fs from 'node:fs';
import {
  documentToolConfigOf,
  type TDocument,
  type TDocumentListQuery,
  type TDocumentPages,
  type TDocumentSharing,
  type TDocumentUpdate,
  type TShareCandidates,
} from '@catalyst/contracts';
import type { Deps } from '../../deps';
import type { Db } from '../../db';
import type { Caller } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/errors';
import { getUseCaseFor, visibleUseCases } from '../use-cases';
import { documentPath } from './jobs';
import { searchPages } from './search';
import type { DocumentRow } from './tables';

const MAX_LIST = 500;
const MAX_PAGES_SHOWN = 200;

/**
 * Documents the caller may see: their organisation's that are not restricted, restricted ones
 * they uploaded or that were shared with them; administrators see all of the organisation's.
 */
export function visibleDocuments(db: Db, caller: Caller) {
  let query = db.selectFrom('documents').where('documents.org_id', '=', caller.orgId);
  if (!caller.isAdmin) {
    query = query.where((eb) =>
      eb.or([
        eb('documents.is_restricted', '=', false),
        eb('documents.uploaded_by', '=', caller.userId),
        eb.exists(
          eb
            .selectFrom('document_shares')
            .select('document_shares.user_id')
            .whereRef('document_shares.document_id', '=', 'documents.id')
            .where('document_shares.user_id', '=', caller.userId),
        ),
      ]),
    );
  }
  return query;
}

/** A document the caller may see; anything else (another organisation's, a restricted one) is a 404. */
async function documentRow(deps: Deps, caller: Caller, id: number): Promise<DocumentRow> {
  const row = await visibleDocuments(deps.db, caller)
    .selectAll('documents')
    .where('documents.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`Document ${id}`);
  return row;
}

const canManage = (caller: Caller, row: Pick<DocumentRow, 'uploaded_by'>) =>
  caller.isAdmin || row.uploaded_by === caller.userId;

/** A document the caller may change: its uploader or an administrator. */
async function managedDocument(deps: Deps, caller: Caller, id: number): Promise<DocumentRow> {
  const row = await documentRow(deps, caller, id);
  if (!canManage(caller, row))
    throw new AppError(
      'FORBIDDEN',
      'Only the person who uploaded this document, or an administrator, can change it.',
    );
  return row;
}

const fullName = (u: { first_name: string; last_name: string; username: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

/** The API shape of document rows, in the order given. */
async function present(
  deps: Deps,
  caller: Caller,
  rows: DocumentRow[],
  matches?: Map<number, { page: number; snippet: string }[]>,
): Promise<TDocument[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [folders, users, shares, links] = await Promise.all([
    deps.db
      .selectFrom('document_folders')
      .select(['id', 'name', 'color'])
      .where('org_id', '=', caller.orgId)
      .execute(),
    deps.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'username'])
      .where('org_id', '=', caller.orgId)
      .execute(),
    deps.db
      .selectFrom('document_shares')
      .select(['document_id', 'user_id'])
      .where('document_id', 'in', ids)
      .execute(),
    deps.db
      .selectFrom('use_case_documents as l')
      .innerJoin('use_cases', 'use_cases.id', 'l.use_case_id')
      .select(['l.document_id', 'use_cases.id', 'use_cases.name'])
      .where('l.document_id', 'in', ids)
      .where('use_cases.is_deleted', '=', false)
      .where('use_cases.id', 'in', visibleUseCases(deps.db, caller).select('use_cases.id'))
      .orderBy('use_cases.name')
      .execute(),
  ]);
  const folderById = new Map(folders.map((f) => [f.id, f]));
  const userById = new Map(users.map((u) => [u.id, u]));
  return rows.map((r) => {
    const uploader = userById.get(r.uploaded_by);
    return {
      id: r.id,
      name: r.name,
      type: r.format,
      mimeType: r.mime_type,
      size: r.size_bytes,
      folder: r.folder_id !== null ? (folderById.get(r.folder_id) ?? null) : null,
      category: r.category,
      sharedWith: r.is_restricted
        ? shares
            .filter((s) => s.document_id === r.id)
            .map((s) => ({
              id: s.user_id,
              name: userById.has(s.user_id) ? fullName(userById.get(s.user_id)!) : `User ${s.user_id}`,
            }))
        : [],
      isRestricted: r.is_restricted,
      uploadedDate: new Date(r.uploaded_at).toISOString(),
      uploadedBy: uploader ? fullName(uploader) : 'Unknown',
      uploadedById: r.uploaded_by,
      status: r.status,
      error: r.error,
      pageCount: r.page_count,
      useCases: links.filter((l) => l.document_id === r.id).map((l) => ({ id: l.id, name: l.name })),
      canManage: canManage(caller, r),
      ...(matches && { matches: matches.get(r.id) ?? [] }),
    };
  });
}

export async function listDocumentsByIds(deps: Deps, caller: Caller, ids: number[]): Promise<TDocument[]> {
  if (!ids.length) return [];
  const rows = await visibleDocuments(deps.db, caller)
    .selectAll('documents')
    .where('documents.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return present(
    deps,
    caller,
    ids.map((id) => byId.get(id)).filter((r): r is DocumentRow => !!r),
  );
}

/** The documents screen: filtered by category, folder and use case; a search ranks by the text of their pages and their names. */
export async function listDocuments(
  deps: Deps,
  caller: Caller,
  query: TDocumentListQuery,
): Promise<TDocument[]> {
  let q = visibleDocuments(deps.db, caller).selectAll('documents');
  if (query.category !== 'all') q = q.where('documents.category', '=', query.category);
  if (query.folder_id) q = q.where('documents.folder_id', '=', query.folder_id);
  if (query.use_case_id) {
    await getUseCaseFor(deps.db, caller, query.use_case_id);
    q = q.where(
      'documents.id',
      'in',
      deps.db
        .selectFrom('use_case_documents')
        .select('document_id')
        .where('use_case_id', '=', query.use_case_id),
    );
  }
  const search = query.search?.trim();
  if (!search)
    return present(
      deps,
      caller,
      await q
        .orderBy('documents.uploaded_at', 'desc')
        .orderBy('documents.id', 'desc')
        .limit(MAX_LIST)
        .execute(),
    );

  const rows = await q.execute();
  const hits = await searchPages(deps.db, { search, documentIds: rows.map((r) => r.id) });
  const needle = search.toLowerCase();
  const score = new Map<number, number>();
  for (const hit of hits) score.set(hit.documentId, Math.max(score.get(hit.documentId) ?? 0, hit.rank));
  // A name match counts like a strong text match.
  for (const r of rows)
    if (r.name.toLowerCase().includes(needle)) score.set(r.id, (score.get(r.id) ?? 0) + 1);
  const matches = new Map<number, { page: number; snippet: string }[]>();
  for (const hit of hits) {
    const list = matches.get(hit.documentId) ?? [];
    if (list.length < 3) list.push({ page: hit.page, snippet: hit.snippet });
    matches.set(hit.documentId, list);
  }
  const found = rows
    .filter((r) => score.has(r.id))
    .sort((a, b) => score.get(b.id)! - score.get(a.id)! || b.id - a.id);
  return present(deps, caller, found.slice(0, MAX_LIST), matches);
}

export async function getDocument(deps: Deps, caller: Caller, id: number): Promise<TDocument> {
  return (await present(deps, caller, [await documentRow(deps, caller, id)]))[0]!;
}

export async function updateDocument(
  deps: Deps,
  caller: Caller,
  id: number,
  input: TDocumentUpdate,
): Promise<TDocument> {
  await managedDocument(deps, caller, id);
  if (input.folderId) {
    const folder = await deps.db
      .selectFrom('document_folders')
      .select('id')
      .where('id', '=', input.folderId)
      .where('org_id', '=', caller.orgId)
      .executeTakeFirst();
    if (!folder) throw notFound(`Folder ${input.folderId}`);
  }
  const set = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.folderId !== undefined && { folder_id: input.folderId }),
    ...(input.category !== undefined && { category: input.category }),
  };
  if (Object.keys(set).length) await deps.db.updateTable('documents').set(set).where('id', '=', id).execute();
  return getDocument(deps, caller, id);
}

/** Visible to the whole organisation, or restricted to its uploader and the chosen people of the organisation. */
export async function shareDocument(
  deps: Deps,
  caller: Caller,
  id: number,
  input: TDocumentSharing,
): Promise<TDocument> {
  const row = await managedDocument(deps, caller, id);
  const wanted = input.isRestricted
    ? [...new Set(input.sharedWith)].filter((u) => u !== row.uploaded_by)
    : [];
  if (wanted.length) {
    const known = await deps.db
      .selectFrom('users')
      .select('id')
      .where('org_id', '=', caller.orgId)
      .where('id', 'in', wanted)
      .execute();
    const missing = wanted.filter((u) => !known.some((k) => k.id === u));
    if (missing.length)
      throw new AppError('VALIDATION_FAILED', `User ${missing[0]} is not a member of your organisation.`);
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('documents')
      .set({ is_restricted: input.isRestricted })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('document_shares').where('document_id', '=', id).execute();
    if (wanted.length)
      await trx
        .insertInto('document_shares')
        .values(wanted.map((userId) => ({ document_id: id, user_id: userId, org_id: caller.orgId })))
        .execute();
  });
  return getDocument(deps, caller, id);
}

/** Deletes the document, its pages, links and shares, and its file. */
export async function deleteDocument(deps: Deps, caller: Caller, id: number): Promise<void> {
  const row = await managedDocument(deps, caller, id);
  await deps.db.deleteFrom('documents').where('id', '=', id).execute();
  await fs.promises.rm(documentPath(deps, row), { force: true });
}

/** Links a document to a use case (both must be visible to the caller); the use case's Document tool decides which formats and sizes it takes. */
export async function linkDocument(
  deps: Deps,
  caller: Caller,
  id: number,
  useCaseId: number,
): Promise<TDocument> {
  const row = await documentRow(deps, caller, id);
  const useCase = await getUseCaseFor(deps.db, caller, useCaseId);
  const config = documentToolConfigOf(useCase.configurations);
  if (!config.allowedFormats.includes(row.format)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The use case "${useCase.name}" accepts ${config.allowedFormats.map((f) => f.toUpperCase()).join(', ')} documents; "${row.name}" is ${row.format.toUpperCase()}.`,
    );
  }
  if (row.size_bytes > config.maxFileSize * 1024 * 1024)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `"${row.name}" is larger than the ${config.maxFileSize} MB limit of the use case "${useCase.name}".`,
    );
  await deps.db
    .insertInto('use_case_documents')
    .values({ use_case_id: useCaseId, document_id: id, org_id: caller.orgId, linked_by: caller.userId })
    .onConflict((oc) => oc.columns(['use_case_id', 'document_id']).doNothing())
    .execute();
  return getDocument(deps, caller, id);
}

export async function unlinkDocument(
  deps: Deps,
  caller: Caller,
  id: number,
  useCaseId: number,
): Promise<TDocument> {
  await documentRow(deps, caller, id);
  await getUseCaseFor(deps.db, caller, useCaseId);
  await deps.db
    .deleteFrom('use_case_documents')
    .where('use_case_id', '=', useCaseId)
    .where('document_id', '=', id)
    .execute();
  return getDocument(deps, caller, id);
}

export async function documentPages(deps: Deps, caller: Caller, id: number): Promise<TDocumentPages> {
  await documentRow(deps, caller, id);
  const rows = await deps.db
    .selectFrom('document_pages')
    .select(['page_number', 'text'])
    .where('document_id', '=', id)
    .orderBy('page_number')
    .limit(MAX_PAGES_SHOWN + 1)
    .execute();
  return {
    pages: rows.slice(0, MAX_PAGES_SHOWN).map((r) => ({ page: r.page_number, text: r.text })),
    truncated: rows.length > MAX_PAGES_SHOWN,
  };
}

/** The file of a document the caller may see, for streaming. */
export async function documentFile(deps: Deps, caller: Caller, id: number) {
  const row = await documentRow(deps, caller, id);
  const file = documentPath(deps, row);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat)
    throw new AppError('NOT_FOUND', `The file of "${row.name}" is missing on the server; upload it again.`);
  return { row, file, size: stat.size };
}

/** People of the organisation a document can be shared with. */
export async function shareCandidates(deps: Deps, caller: Caller): Promise<TShareCandidates> {
  const users = await deps.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('org_id', '=', caller.orgId)
    .where('is_active', '=', true)
    .where('id', '!=', caller.userId)
    .orderBy('first_name')
    .orderBy('last_name')
    .limit(1000)
    .execute();
  return { users: users.map((u) => ({ id: u.id, name: fullName(u), username: u.username })) };
}
