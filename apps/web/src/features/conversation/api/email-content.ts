import { api } from '../../../lib/api';

/** Mails a captured part of the conversation (a PNG) to the recipients (Clip & Share). */
export const emailContent = (recipients: string[], pngBase64: string) =>
  api.post('/api/copilot/email/send-content', { recipients, base64: pngBase64 });
