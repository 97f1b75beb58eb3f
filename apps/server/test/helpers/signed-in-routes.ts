/**
 * The reviewed list of /api routes every signed-in user may call: they declare no permission
 * (`config: { permission }`) because they act only on the caller's own things. The
 * authorisation test fails for any /api route that is neither public, nor declares a
 * permission, nor is listed here — so adding a route means deciding who may call it.
 *
 * Each entry says why it needs no permission.
 */
export const SIGNED_IN_ROUTES: Record<string, string> = {
  'GET /api/v1/authentication/me': 'the caller themself',
  'POST /api/v1/accept/eula': "accepting the licence for one's own account",
  'GET /api/copilot/threads': "one's own and shared threads",
  'GET /api/copilot/threads/v2': "one's own and shared threads",
  'GET /api/copilot/threads/:threadId': 'a thread one owns or that was shared with one (404 otherwise)',
  'PUT /api/copilot/threads/:threadId': 'renaming an own thread (403 for shared ones)',
  'DELETE /api/copilot/threads/:threadId': 'deleting an own thread (403 for shared ones)',
  'POST /api/v1/share/user/list': 'colleagues an own thread can be shared with',
  'POST /api/copilot/share': 'sharing an own thread',
  'POST /api/copilot/delete-thread-message': 'deleting an exchange of an own thread',
  'POST /api/copilot/feedback': "liking or disliking an answer in one's thread",
  'POST /api/copilot/email/send-content': "e-mailing a clip of one's own screen",
  // Document Management: what a member sees follows the documents' own sharing rules (documents/service.ts).
  'GET /api/copilot/documents': 'documents shared with the caller',
  'GET /api/copilot/documents/folders': 'folders of the documents the caller sees',
  'GET /api/copilot/documents/share-candidates': 'colleagues a document can be shared with',
  'GET /api/copilot/documents/:id': 'a document shared with the caller (404 otherwise)',
  'GET /api/copilot/documents/:id/pages': 'pages of a document shared with the caller',
  'GET /api/copilot/documents/:id/file': 'the file of a document shared with the caller',
};
