import type { TCsvProgressEvent } from '@catalyst/contracts';
import { clampPercent } from '../csv-limits';

/** Watches one file's load over the server-sent progress stream until Completed or Failed. */
export function watchCsvProgress(
  fileId: number,
  onEvent: (e: TCsvProgressEvent) => void,
  onLost: () => void,
) {
  const source = new EventSource(`/api/copilot/upload-files/csv_progress/stream/${fileId}`, {
    withCredentials: true,
  });
  source.onmessage = (message) => {
    let event: TCsvProgressEvent;
    try {
      event = JSON.parse(String(message.data)) as TCsvProgressEvent;
    } catch {
      source.close();
      onLost();
      return;
    }
    onEvent({ ...event, progress: clampPercent(event.progress) });
    if (event.status !== 'Processing') source.close();
  };
  source.onerror = () => {
    source.close();
    onLost();
  };
}
