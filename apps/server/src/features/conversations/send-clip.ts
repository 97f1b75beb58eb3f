import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { Caller } from './threads';

/** A clip of a screen is a few hundred KB; 8 MB of base64 (about 6 MB of PNG) is plenty. */
export const CLIP_BODY_LIMIT = 8 * 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export async function sendClip(deps: Deps, caller: Caller, input: { recipients: string[]; base64: string }) {
  const text = input.base64.replace(/^data:image\/png;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text))
    throw new AppError('BAD_REQUEST', 'The image is not valid base64 text.');
  const png = Buffer.from(text, 'base64');
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new AppError('BAD_REQUEST', 'The image is not a PNG.');
  const recipients = [...new Set(input.recipients.map((r) => r.trim().toLowerCase()))];
  const sender = await deps.db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name'])
    .where('id', '=', caller.userId)
    .executeTakeFirstOrThrow();
  const who = [sender.first_name, sender.last_name].filter(Boolean).join(' ') || sender.username;
  for (const to of recipients) {
    const result = await deps.mailer.send({
      orgId: caller.orgId,
      // The clip is the sender's: in the outbox, only who may manage the sender reads it.
      aboutUserId: caller.userId,
      to,
      subject: `${who} shared a Catalyst clip with you`,
      text: `${who} shared this clip from a Catalyst analysis with you (attached as catalyst-clip.png).\n`,
      html: `<p>${who.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)} shared this clip from a Catalyst analysis with you:</p><p><img src="cid:catalyst-clip" alt="Clipped analysis"></p>`,
      attachments: [
        { filename: 'catalyst-clip.png', contentType: 'image/png', content: png, cid: 'catalyst-clip' },
      ],
    });
    if (result.status === 'failed')
      throw new AppError(
        'UPSTREAM_FAILED',
        `The mail server refused the message to ${to}. It is kept in the outbox.`,
      );
  }
  return {
    status: 'Success' as const,
    message: `Email sent to ${recipients.length} recipient${recipients.length === 1 ? '' : 's'}`,
  };
}
