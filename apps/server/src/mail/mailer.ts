import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  orgId?: number | null;
  attachments?: { filename: string; contentType: string; content: Buffer; cid?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<{ outboxId: number; status: 'kept' | 'sent' | 'failed' }>;
  close(): void;
}

/**
 * Sends through SMTP when SMTP_URL is set. Every message is also written to the outbox table:
 * without SMTP it is kept there (and a log line says so), so nothing is ever dropped.
 */
export function createMailer(options: { db: Db; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const { db, logger, smtpUrl, from } = options;
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  return {
    async send(message) {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          org_id: message.orgId ?? null,
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
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
          `SMTP_URL is not set: e-mail "${message.subject}" kept in the outbox`,
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
