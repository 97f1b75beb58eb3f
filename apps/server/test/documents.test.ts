import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseKinds } from './helpers/databases';
import { makeDocx, makePdf, multipart, type UploadFile } from './helpers/document-files';

const kinds = await testDatabaseKinds();

interface Doc {
  id: number;
  name: string;
  type: string;
  size: number;
  status: string;
  error: string | null;
  pageCount: number;
  isRestricted: boolean;
  sharedWith: { id: number; name: string }[];
  category: string | null;
  folder: { id: number; name: string } | null;
  useCases: { id: number; name: string }[];
  canManage: boolean;
  matches?: { page: number; snippet: string }[];
}

const PAGE_3 = 'Enterprise customers may cancel within 45 days of delivery for a full refund.';

describe.each(kinds)('documents on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let nina: string;
  let ninaId: number;
  let olga: string;
  let docsDir: string;

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  const upload = (token: string, files: UploadFile[], fields: Record<string, string | number> = {}) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/copilot/documents',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const settle = () => t.deps.documentJobs.idle();
  const getDoc = async (token: string, id: number) =>
    (await call(token, 'GET', `/api/copilot/documents/${id}`)).json() as Doc;
  const storedFiles = () => (fs.existsSync(docsDir) ? fs.readdirSync(docsDir) : []);

  let pdfId: number;
  let docxId: number;
  let txtId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login();
    ninaId = (await t.createUser({ username: 'nina', password: 'Nina#pass1' })).id;
    nina = await t.login('nina', 'Nina#pass1');
    await t.createUser({ username: 'olga', password: 'Olga#pass1', orgName: 'Other', isAdmin: true });
    olga = await t.login('olga', 'Olga#pass1');
    docsDir = path.join(t.deps.config.dataDir, 'documents', '1');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('uploads a PDF, a DOCX and a TXT, extracts their text page by page in the background', async () => {
    const pdf = await makePdf([
      ['Refund policy', 'Page one is the introduction.'],
      ['Shipping takes five working days.'],
      [PAGE_3, 'Consumer customers have 14 days.'],
      ['Contact support for anything else.'],
    ]);
    const docx = await makeDocx([
      'Quarterly strategy memo',
      'We expand the partner channel in Europe next quarter.',
    ]);
    const txt = 'Research notes\nChurn fell after the loyalty programme started.\n';
    const res = await upload(
      admin,
      [
        { name: 'Refund Policy.pdf', content: pdf, type: 'application/pdf' },
        { name: 'Strategy memo.docx', content: docx },
        { name: 'notes.txt', content: txt, type: 'text/plain' },
      ],
      { category: 'strategy' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const uploaded = res.json().documents as Doc[];
    expect(uploaded.map((d) => [d.name, d.type, d.status, d.category])).toEqual([
      ['Refund Policy.pdf', 'pdf', 'processing', 'strategy'],
      ['Strategy memo.docx', 'docx', 'processing', 'strategy'],
      ['notes.txt', 'txt', 'processing', 'strategy'],
    ]);
    expect(uploaded[0]!.size).toBe(pdf.length);
    [pdfId, docxId, txtId] = uploaded.map((d) => d.id) as [number, number, number];
    await settle();

    const ready = await Promise.all([pdfId, docxId, txtId].map((id) => getDoc(admin, id)));
    expect(ready.map((d) => [d.status, d.pageCount, d.error])).toEqual([
      ['ready', 4, null],
      ['ready', 1, null],
      ['ready', 1, null],
    ]);
    const pages = (await call(admin, 'GET', `/api/copilot/documents/${pdfId}/pages`)).json().pages as {
      page: number;
      text: string;
    }[];
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(pages[2]!.text).toContain(PAGE_3);
    expect(pages[1]!.text).not.toContain('refund');
    const docxPages = (await call(admin, 'GET', `/api/copilot/documents/${docxId}/pages`)).json().pages;
    expect(docxPages[0].text).toContain('partner channel in Europe');
    expect(storedFiles()).toHaveLength(3);

    const file = await call(admin, 'GET', `/api/copilot/documents/${pdfId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // Embeddable in our own side panel, nowhere else.
    expect(file.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="Refund Policy.pdf"/);
    const other = await call(admin, 'GET', '/api/copilot/documents');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const download = await call(admin, 'GET', `/api/copilot/documents/${docxId}/file`);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('reads XLSX sheets and cuts long text files into sections', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Targets');
    sheet.addRow(['Region', 'Target']);
    sheet.addRow(['Europe', 1200]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const long = Array.from(
      { length: 400 },
      (_, i) => `Line ${i} of the forecast appendix with enough words to fill a page.`,
    ).join('\n');
    const res = await upload(admin, [
      { name: 'targets.xlsx', content: xlsx },
      { name: 'appendix.csv', content: long },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [x, c] = res.json().documents as Doc[];
    await settle();
    const xPages = (await call(admin, 'GET', `/api/copilot/documents/${x!.id}/pages`)).json().pages;
    expect(xPages[0].text).toMatch(/Sheet: Targets\nRegion\tTarget\nEurope\t1200/);
    const csv = await getDoc(admin, c!.id);
    expect(csv.status).toBe('ready');
    expect(csv.pageCount).toBeGreaterThan(5);
    await call(admin, 'DELETE', `/api/copilot/documents/${x!.id}`);
    await call(admin, 'DELETE', `/api/copilot/documents/${c!.id}`);
  });

  it('refuses wrong types, fake and empty files and files over the limit with a 4xx, keeping nothing', async () => {
    const before = storedFiles().length;
    const useCaseId = (
      await call(admin, 'POST', '/api/copilot/onboarding/use_case/v2', { usecase_name: 'Small files' })
    ).json().use_case_id as number;
    await call(admin, 'PUT', '/api/copilot/onboarding/use_case/v2', {
      usecase_id: useCaseId,
      configurations: { document: { allowedFormats: ['pdf', 'txt'], maxFileSize: 1 } },
    });
    const cases: [UploadFile[], Record<string, string | number>, number, RegExp][] = [
      [
        [{ name: 'setup.exe', content: 'MZ...' }],
        {},
        415,
        /"setup.exe" is not an allowed format: upload PDF, DOCX, XLSX, TXT, CSV files/,
      ],
      [[{ name: 'fake.pdf', content: 'just some text pretending' }], {}, 415, /"fake.pdf" is not a PDF file/],
      [[{ name: 'fake.docx', content: 'not a zip' }], {}, 415, /not a DOCX file/],
      [[{ name: 'binary.txt', content: Buffer.from([0x41, 0x00, 0x42]) }], {}, 415, /not a text file/],
      [[{ name: 'empty.pdf', content: Buffer.alloc(0) }], {}, 400, /"empty.pdf" is empty/],
      [
        [{ name: 'memo.docx', content: await makeDocx(['x']) }],
        { use_case_id: useCaseId },
        415,
        /the use case "Small files" accepts PDF, TXT files/,
      ],
      [
        [{ name: 'big.txt', content: 'a'.repeat(1024 * 1024 + 10) }],
        { use_case_id: useCaseId },
        413,
        /"big.txt" is larger than the 1 MB limit of the use case "Small files"/,
      ],
      [
        [
          { name: 'ok.txt', content: 'fine' },
          { name: 'bad.pdf', content: 'nope' },
        ],
        {},
        415,
        /"bad.pdf" is not a PDF file/,
      ],
      [[], {}, 400, /No file was uploaded/],
      [[{ name: 'a.txt', content: 'x' }], { use_case_id: 999999 }, 404, /Use case 999999 was not found/],
      [[{ name: 'a.txt', content: 'x' }], { category: 'gossip' }, 400, /category must be/],
    ];
    for (const [files, fields, status, message] of cases) {
      const res = await upload(admin, files, fields);
      expect(res.statusCode, `${files.map((f) => f.name).join(',')}: ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const json = await call(admin, 'POST', '/api/copilot/documents', { name: 'x' });
    expect(json.statusCode).toBe(415);
    expect(storedFiles()).toHaveLength(before);
  });

  it('marks a damaged PDF failed with a reason instead of failing the request', async () => {
    const res = await upload(admin, [
      { name: 'broken.pdf', content: '%PDF-1.4\nthis is not really a pdf\n%%EOF' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().documents as Doc[])[0]!.id;
    await settle();
    const doc = await getDoc(admin, id);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/not a readable PDF|no pages|No text could be read/);
    const blank = await upload(admin, [{ name: 'blank.pdf', content: await makePdf([[], []]) }]);
    const blankId = (blank.json().documents as Doc[])[0]!.id;
    await settle();
    expect((await getDoc(admin, blankId)).error).toMatch(/No text could be read from this PDF/);
    await call(admin, 'DELETE', `/api/copilot/documents/${id}`);
    await call(admin, 'DELETE', `/api/copilot/documents/${blankId}`);
  });

  it('searches the text of the pages, best match first, with snippets and filters', async () => {
    const many = await makePdf([
      [
        'Loyalty programme results.',
        'Churn fell after the loyalty programme. Churn is now 3%.',
        'Churn churn churn analysis.',
      ],
    ]);
    const res = await upload(admin, [{ name: 'Churn study.pdf', content: many }], { category: 'research' });
    const churnId = (res.json().documents as Doc[])[0]!.id;
    await settle();
    const list = (q: string) =>
      call(admin, 'GET', `/api/copilot/documents?${q}`).then((r) => r.json().documents as Doc[]);
    const hits = await list('search=churn');
    expect(hits.map((d) => d.name)).toEqual(['Churn study.pdf', 'notes.txt']);
    expect(hits[0]!.matches![0]).toMatchObject({ page: 1 });
    expect(hits[0]!.matches![0]!.snippet).toContain('\u0002Churn\u0003');
    // A long document matching on every one of its 150 sections does not crowd out the others.
    const log = Array.from(
      { length: 150 },
      (_, i) => `Churn log ${i}: churn churn churn. ${'x'.repeat(2950)}`,
    ).join('\n');
    const logId = (
      (await upload(admin, [{ name: 'churn-log.txt', content: log }])).json().documents as Doc[]
    )[0]!.id;
    await settle();
    const crowded = await list('search=churn');
    expect(crowded.map((d) => d.name).sort()).toEqual(['Churn study.pdf', 'churn-log.txt', 'notes.txt']);
    expect(crowded.find((d) => d.name === 'churn-log.txt')!.matches).toHaveLength(3);
    await call(admin, 'DELETE', `/api/copilot/documents/${logId}`);
    // Stemming: "refunds" finds "refund"; a phrase and a page.
    const refund = await list('search=refunds');
    expect(refund.map((d) => d.name)).toEqual(['Refund Policy.pdf']);
    expect(refund[0]!.matches!.map((m) => m.page)).toContain(3);
    expect((await list(`search=${encodeURIComponent('"full refund"')}`)).map((d) => d.name)).toEqual([
      'Refund Policy.pdf',
    ]);
    expect(await list('search=zeppelin')).toEqual([]);
    // Names match too.
    expect((await list('search=memo')).map((d) => d.name)).toEqual(['Strategy memo.docx']);
    expect((await list('category=research')).map((d) => d.name)).toEqual(['Churn study.pdf']);
    expect((await list('category=all')).length).toBeGreaterThanOrEqual(4);
    expect((await call(admin, 'GET', '/api/copilot/documents?category=gossip')).statusCode).toBe(400);
    await call(admin, 'DELETE', `/api/copilot/documents/${churnId}`);
  });

  it('shares within the organisation, restricts to chosen people, and hides everything from other organisations', async () => {
    const visible = async (token: string) =>
      ((await call(token, 'GET', '/api/copilot/documents')).json().documents as Doc[]).map((d) => d.id);
    expect(await visible(nina)).toContain(pdfId);
    expect((await getDoc(nina, pdfId)).canManage).toBe(false);
    // Restricted to its uploader.
    let res = await call(admin, 'PUT', `/api/copilot/documents/${pdfId}/sharing`, {
      isRestricted: true,
      sharedWith: [],
    });
    expect(res.json()).toMatchObject({ isRestricted: true, sharedWith: [] });
    expect(await visible(nina)).not.toContain(pdfId);
    for (const url of ['', '/file', '/pages'])
      expect((await call(nina, 'GET', `/api/copilot/documents/${pdfId}${url}`)).statusCode).toBe(404);
    expect((await call(nina, 'GET', '/api/copilot/documents?search=refund')).json().documents).toEqual([]);
    // Shared with nina.
    res = await call(admin, 'PUT', `/api/copilot/documents/${pdfId}/sharing`, {
      isRestricted: true,
      sharedWith: [ninaId],
    });
    expect(res.json().sharedWith).toEqual([{ id: ninaId, name: 'Nina Tester' }]);
    expect(await visible(nina)).toContain(pdfId);
    expect((await call(nina, 'GET', `/api/copilot/documents/${pdfId}/file`)).statusCode).toBe(200);
    // Only the uploader (or an administrator) changes it.
    expect((await call(nina, 'DELETE', `/api/copilot/documents/${pdfId}`)).statusCode).toBe(403);
    expect(
      (await call(nina, 'PUT', `/api/copilot/documents/${pdfId}/sharing`, { isRestricted: false }))
        .statusCode,
    ).toBe(403);
    // Another organisation: 404 for everything, even its administrator.
    expect(await visible(olga)).toEqual([]);
    for (const [method, url] of [
      ['GET', ''],
      ['GET', '/file'],
      ['GET', '/pages'],
      ['DELETE', ''],
      ['PATCH', ''],
    ] as const) {
      const r = await call(
        olga,
        method,
        `/api/copilot/documents/${pdfId}${url}`,
        method === 'PATCH' ? { name: 'mine' } : undefined,
      );
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (
        await call(admin, 'PUT', `/api/copilot/documents/${pdfId}/sharing`, {
          isRestricted: true,
          sharedWith: [999],
        })
      ).json().message,
    ).toMatch(/User 999 is not a member/);
    // Back to the whole organisation.
    res = await call(admin, 'PUT', `/api/copilot/documents/${pdfId}/sharing`, {
      isRestricted: false,
      sharedWith: [ninaId],
    });
    expect(res.json()).toMatchObject({ isRestricted: false, sharedWith: [] });
    const candidates = (await call(admin, 'GET', '/api/copilot/documents/share-candidates')).json().users;
    expect(candidates.map((u: { username: string }) => u.username)).toEqual(['nina']);
  });

  it('keeps folders, moves documents and links them to use cases under their Document tool limits', async () => {
    let res = await call(admin, 'POST', '/api/copilot/documents/folders', {
      name: 'Policies',
      color: '#10b981',
    });
    expect(res.statusCode, res.body).toBe(200);
    const folder = res.json();
    expect(
      (await call(admin, 'POST', '/api/copilot/documents/folders', { name: 'policies' })).statusCode,
    ).toBe(409);
    expect(
      (await call(admin, 'POST', '/api/copilot/documents/folders', { name: 'X', color: 'red' })).statusCode,
    ).toBe(400);
    res = await call(admin, 'PATCH', `/api/copilot/documents/${pdfId}`, {
      folderId: folder.id,
      category: 'analytics',
    });
    expect(res.json()).toMatchObject({ folder: { id: folder.id, name: 'Policies' }, category: 'analytics' });
    expect((await call(admin, 'GET', '/api/copilot/documents/folders')).json().folders).toEqual([
      { id: folder.id, name: 'Policies', color: '#10b981', documentCount: 1 },
    ]);
    expect(
      (await call(admin, 'GET', `/api/copilot/documents?folder_id=${folder.id}`))
        .json()
        .documents.map((d: Doc) => d.id),
    ).toEqual([pdfId]);
    expect(
      (await call(olga, 'PATCH', `/api/copilot/documents/folders/${folder.id}`, { name: 'x' })).statusCode,
    ).toBe(404);

    const useCaseId = (
      await call(admin, 'POST', '/api/copilot/onboarding/use_case/v2', { usecase_name: 'Customer care' })
    ).json().use_case_id as number;
    res = await call(admin, 'POST', `/api/copilot/documents/${pdfId}/use-cases/${useCaseId}`);
    expect(res.json().useCases).toEqual([{ id: useCaseId, name: 'Customer care' }]);
    // The Document tool's default formats are PDF and DOCX: a TXT document does not go in.
    res = await call(admin, 'POST', `/api/copilot/documents/${txtId}/use-cases/${useCaseId}`);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/accepts PDF, DOCX documents; "notes.txt" is TXT/);
    expect(
      (await call(admin, 'GET', `/api/copilot/documents?use_case_id=${useCaseId}`))
        .json()
        .documents.map((d: Doc) => d.id),
    ).toEqual([pdfId]);
    expect(
      (await call(olga, 'POST', `/api/copilot/documents/${pdfId}/use-cases/${useCaseId}`)).statusCode,
    ).toBe(404);
    // A use case nina is not assigned to stays hidden from her listing of the document.
    expect((await getDoc(nina, pdfId)).useCases).toEqual([]);

    expect((await call(admin, 'DELETE', `/api/copilot/documents/folders/${folder.id}`)).statusCode).toBe(200);
    expect((await getDoc(admin, pdfId)).folder).toBeNull();
    res = await call(admin, 'DELETE', `/api/copilot/documents/${pdfId}/use-cases/${useCaseId}`);
    expect(res.json().useCases).toEqual([]);
  });

  it('deletes a document with its file, pages and links', async () => {
    const row = await t.deps.db
      .selectFrom('documents')
      .select('storage_key')
      .where('id', '=', docxId)
      .executeTakeFirstOrThrow();
    expect(fs.existsSync(path.join(docsDir, row.storage_key))).toBe(true);
    expect((await call(admin, 'DELETE', `/api/copilot/documents/${docxId}`)).json()).toEqual({
      status: 'Success',
    });
    expect(fs.existsSync(path.join(docsDir, row.storage_key))).toBe(false);
    expect(
      await t.deps.db
        .selectFrom('document_pages')
        .select('page_number')
        .where('document_id', '=', docxId)
        .execute(),
    ).toEqual([]);
    expect((await call(admin, 'GET', `/api/copilot/documents/${docxId}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/copilot/documents/${docxId}`)).statusCode).toBe(404);
  });
});
