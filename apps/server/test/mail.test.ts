import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { startSmtp, type TestSmtp } from './helpers/smtp';

describe('mail over real SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp('pglite', { SMTP_URL: smtp.url, MAIL_FROM: 'Catalyst <noreply@catalyst.test>' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the password reset e-mail through SMTP and marks it sent', async () => {
    await t.createUser({ username: 'sam', password: 'Sam#pass1', email: 'sam@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { username: 'sam' },
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['sam@example.com']);
    expect(smtp.received[0]!.from).toBe('noreply@catalyst.test');
    expect(smtp.received[0]!.raw).toContain('Subject: Reset your Catalyst password');
    expect(smtp.received[0]!.raw.replace(/=\r\n/g, '')).toContain(
      'http://catalyst.test/set-password?token=3D',
    );
    for (let i = 0; i < 50; i++) {
      const row = await t.deps.db
        .selectFrom('mail_outbox')
        .select('status')
        .where('to_address', '=', 'sam@example.com')
        .executeTakeFirst();
      if (row?.status === 'sent') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the outbox row was not marked sent');
  });
});

describe('mail when SMTP refuses', () => {
  it('keeps the message in the outbox as failed, with the reason', async () => {
    const smtp = await startSmtp({ reject: true });
    const t = await createTestApp('pglite', { SMTP_URL: smtp.url });
    try {
      const result = await t.deps.mailer.send({ to: 'x@example.com', subject: 'Hello', text: 'Body' });
      expect(result.status).toBe('failed');
      const row = await t.deps.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', result.outboxId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', subject: 'Hello', text_body: 'Body' });
      expect(row.error).toMatch(/550|mailbox unavailable/);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
