import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  orgId?: number | null;
  /** The account the message is about: the outbox shows it only to who may manage that account. */
  aboutUserId?: number | null;
  /**
   * Secrets in the message (a reset link's token): sent as they are, but the outbox keeps
   * `[redacted]` in their place, so nobody can read a usable one at rest.
   */
  redact?: string[];
  attachments?: { filename: string; contentType: string; content: Buffer; cid?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<{ outboxId: number; status: 'kept' | 'sent' | 'failed' }>;
  close(): void;
}

/**
 * Sends through SMTP when SMTP_URL is set. Every message is also written to the outbox table:
 * without SMTP it is kept there (and a log line says so), so nothing is ever dropped. The outbox
 * is a record, not a way to deliver secrets: a message's `redact` strings are removed from the
 * kept copy, so without SMTP a set-password link cannot reach anyone (configure SMTP_URL).
 */
export function createMailer(options: { db: Db; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const { db, logger, smtpUrl, from } = options;
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  return {
    async send(message) {
      const kept = (text: string) => redactSecrets(text, message.redact ?? []);
      const row = await db
        .insertInto('mail_outbox')
        .values({
          org_id: message.orgId ?? null,
          about_user_id: message.aboutUserId ?? null,
          to_address: message.to,
          subject: kept(message.subject),
          text_body: kept(message.text),
          html_body: message.html === undefined ? null : kept(message.html),
          status: 'kept',
          attachments: message.attachments?.length
            ? JSON.stringify(
                message.attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  cid: a.cid,
                  base64: a.content.toString('base64'),
                })),
              )
            : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        logger.info(
          { outboxId: row.id, to: message.to },
          message.redact?.length
            ? `SMTP_URL is not set: e-mail "${kept(message.subject)}" kept in the outbox without its link, which cannot be delivered`
            : `SMTP_URL is not set: e-mail "${message.subject}" kept in the outbox`,
        );
        return { outboxId: row.id, status: 'kept' };
      }
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
        });
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: new Date() })
          .where('id', '=', row.id)
          .execute();
        return { outboxId: row.id, status: 'sent' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.error(
          { outboxId: row.id, err: error },
          'SMTP delivery failed; the message stays in the outbox',
        );
        await db
          .updateTable('mail_outbox')
          .set({ status: 'failed', error: reason })
          .where('id', '=', row.id)
          .execute();
        return { outboxId: row.id, status: 'failed' };
      }
    },
    close() {
      transport?.close();
    },
  };
}

/** `text` with every occurrence of each secret (raw or URL-encoded) replaced by `[redacted]`. */
function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      out = out.split(form).join('[redacted]');
  }
  return out;
}
