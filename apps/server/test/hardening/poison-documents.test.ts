import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPackage } from '../../src/features/documents/check-package';
import { INTERRUPTED_REASON } from '../../src/features/documents/jobs';
import { bearer, createTestApp, type TestApp } from '../helpers/app';
import { makeDocx, multipart } from '../helpers/document-files';
import { docxBomb, pdfBomb, pptxBomb, xlsxBomb } from '../helpers/poison-files';
import { killAllServerProcesses, signIn, startServerProcess, type ServerProcess } from '../helpers/processes';
import { waitFor } from '../helpers/customer-postgres';

/**
 * Poison documents (issue 13 item 8): a 1 MB DOCX whose XML inflates to 400 MB ran the server out
 * of memory, and being re-queued at every start, kept it from starting (a crash loop). Text is now
 * read in a child process with memory and time limits, packages are measured while inflating
 * before any reader sees them, and a document whose reading was cut off by a crash is failed at
 * the next start instead of being read again. The bombs are built by the tests, never committed.
 */

const DOCX_400MB = docxBomb(400);

describe('the package check', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-poison-'));
  const write = (name: string, data: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return file;
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is small to send and huge to unpack (the shape of the reported file)', () => {
    expect(DOCX_400MB.length).toBeLessThan(2 * 1024 * 1024);
  });

  it('refuses a package whose declared sizes pass the limit, before inflating it', async () => {
    const started = Date.now();
    await expect(checkPackage(write('declared.docx', DOCX_400MB))).rejects.toThrow(/decompression bomb/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a package that lies about its sizes, stopping while it inflates', async () => {
    await expect(checkPackage(write('lying.docx', docxBomb(300, true)))).rejects.toThrow(
      /unpack to more than they declare|decompression bomb/,
    );
  });

  it('counts the bytes actually inflated against the limit', async () => {
    await expect(
      checkPackage(write('limit.docx', docxBomb(6)), { maxUnpackedBytes: 4 * 1024 * 1024, maxEntries: 100 }),
    ).rejects.toThrow(/more than 4 MB/);
  });

  it('lets an ordinary document through', async () => {
    await expect(
      checkPackage(write('ok.docx', await makeDocx(['Quarterly plan', 'Grow in Europe']))),
    ).resolves.toBe(undefined);
  });
});

describe('poison documents uploaded to the server', () => {
  let t: TestApp;
  let token: string;
  const upload = async (name: string, content: Buffer) => {
    const body = multipart({}, [{ name, content }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/copilot/documents',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const status = async (id: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/copilot/documents/${id}`, headers: bearer(token) })
    ).json() as {
      status: string;
      error: string | null;
    };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await t.login();
    // Small limits, so the PDF bomb hits one in seconds on a shared machine.
    t.deps.documentJobs.limits = { heapMb: 128, timeoutMs: 20_000 };
  });
  afterAll(async () => t?.close());

  it('fails DOCX and XLSX bombs with a reason, and keeps serving', async () => {
    const res = await upload('bomb.docx', DOCX_400MB);
    expect(res.statusCode, res.body).toBe(200);
    const xlsx = await upload('bomb.xlsx', xlsxBomb(400));
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const lying = await upload('lying.docx', docxBomb(300, true));
    const ids = [res, xlsx, lying].map((r) => r.json().documents[0].id as number);
    await t.deps.documentJobs.idle();
    for (const id of ids) {
      const doc = await status(id);
      expect(doc.status).toBe('failed');
      expect(doc.error).toMatch(/decompression bomb|more than they declare/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBeLessThan(500);
  });

  it('fails a PDF whose stream inflates past the memory limit, counting the attempt before reading', async () => {
    const res = await upload('bomb.pdf', pdfBomb(300));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().documents[0].id as number;
    // The attempt is on record while the child reads: a crash now would be seen at the next start.
    await waitFor('the attempt to be counted', async () => {
      const row = await t.deps.db
        .selectFrom('documents')
        .select(['status', 'extraction_attempts'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.extraction_attempts === 1 && row.status === 'processing';
    });
    await t.deps.documentJobs.idle();
    const doc = await status(id);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/memory or \d+ s are allowed/);
  }, 120_000);

  it('refuses a PPTX at upload (Catalyst does not read presentations)', async () => {
    const res = await upload('bomb.pptx', pptxBomb(50));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('fails, at start, a document whose reading was cut off by a crash, and reads the others', async () => {
    const crashed = await upload('crashed.docx', await makeDocx(['Read when the server died']));
    const waiting = await upload('waiting.docx', await makeDocx(['Queued when the server died']));
    await t.deps.documentJobs.idle();
    const [crashedId, waitingId] = [crashed, waiting].map((r) => r.json().documents[0].id as number);
    // What a server killed mid-extraction leaves: processing, one attempt started; the other queued.
    await t.deps.db
      .updateTable('documents')
      .set({ status: 'processing', extraction_attempts: 1 })
      .where('id', '=', crashedId!)
      .execute();
    await t.deps.db
      .updateTable('documents')
      .set({ status: 'processing', extraction_attempts: 0 })
      .where('id', '=', waitingId!)
      .execute();
    await t.deps.documentJobs.recover();
    await t.deps.documentJobs.idle();
    expect(await status(crashedId!)).toMatchObject({ status: 'failed', error: INTERRUPTED_REASON });
    expect((await status(waitingId!)).status).toBe('ready');
  });
});

describe('a real server process and a poison document', () => {
  let dataDir: string;
  let server: ServerProcess | null = null;
  // A modest heap: a server reading a bomb itself runs out of it at once.
  const env = () => ({ DATA_DIR: dataDir, NODE_OPTIONS: '--max-old-space-size=384' });
  const send = async (base: string, token: string, name: string, content: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const res = await fetch(`${base}/api/copilot/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
  };
  const docStatus = async (base: string, token: string, id: number) =>
    (await (
      await fetch(`${base}/api/copilot/documents/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      status: string;
      error: string | null;
    };
  const alive = (s: ServerProcess) => {
    try {
      process.kill(s.pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-poison-server-'));
  });
  afterAll(async () => {
    killAllServerProcesses();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays up through a DOCX bomb, and through a crash while reading a PDF bomb (no crash loop)', async () => {
    server = await startServerProcess(env());
    let token = await signIn(server.base);
    const docx = await send(server.base, token, 'bomb.docx', DOCX_400MB);
    const failed = await waitFor(
      'the DOCX bomb to be failed',
      async () => {
        const died = () =>
          new Error(`the server died reading the DOCX bomb:\n${server!.output().slice(-2000)}`);
        if (!alive(server!)) throw died();
        const doc = await docStatus(server!.base, token, docx).catch(() => {
          throw died();
        });
        return doc.status === 'failed' ? doc : null;
      },
      120_000,
    );
    expect(failed.error).toMatch(/decompression bomb/);

    // Killed without warning while a PDF bomb is being read: the next start must not read it again.
    const pdf = await send(server.base, token, 'bomb.pdf', pdfBomb(300));
    await new Promise((r) => setTimeout(r, 1500));
    expect(alive(server), server.output().slice(-2000)).toBe(true);
    expect((await docStatus(server.base, token, pdf)).status).toBe('processing');
    await server.kill('SIGKILL');

    server = await startServerProcess(env());
    token = await signIn(server.base);
    const after = await waitFor('the PDF bomb to be settled', async () => {
      const doc = await docStatus(server!.base, token, pdf);
      return doc.status !== 'processing' ? doc : null;
    });
    expect(after).toMatchObject({ status: 'failed', error: INTERRUPTED_REASON });
    expect((await docStatus(server.base, token, docx)).status).toBe('failed');
    // Still up a moment later: nothing was re-queued that could take it down.
    await new Promise((r) => setTimeout(r, 3000));
    expect(alive(server)).toBe(true);
    await server.kill('SIGTERM');
  }, 400_000);
});
