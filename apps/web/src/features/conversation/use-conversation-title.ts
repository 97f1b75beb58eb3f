import { useState } from 'react';
import { useSetPageTitle } from '../../lib/page-title';
import { useThreads } from './api/get-threads';
import { threadLabel, UNTITLED } from './thread-label';

/**
 * The conversation's title (spec document 1 §2.7, §4), shown in the breadcrumb, the top bar and
 * the browser tab: "Error" when the messages failed to load; a name the user typed (local only);
 * "Investigation"/"Exploration" for an alert conversation; "New Analysis" until the first reply
 * creates the thread and the thread list has it; then the thread's label from the list — its name,
 * else "Created at …", else "Conversation" (also while the list loads, or when it fails).
 */
export function useConversationTitle(input: {
  threadId: number | null;
  /** The screen started as a new analysis (its thread did not exist when it opened). */
  startedNew: boolean;
  alertAction: string | null;
  loadFailed: boolean;
}) {
  const [localName, setLocalName] = useState<string | null>(null);
  const threads = useThreads({ enabled: input.threadId !== null });
  const thread = threads.data?.find((t) => t.thread_id === input.threadId) ?? null;
  let title: string;
  if (input.loadFailed) title = 'Error';
  else if (localName) title = localName;
  else if (input.alertAction) title = input.alertAction === 'explore' ? 'Exploration' : 'Investigation';
  else if (thread) title = threadLabel(thread);
  else title = input.startedNew ? 'New Analysis' : UNTITLED;
  useSetPageTitle(title);
  return { title, thread, rename: setLocalName };
}
