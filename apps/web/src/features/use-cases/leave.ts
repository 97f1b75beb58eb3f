import { useEffect, useRef } from 'react';
import type { SendOptions } from './autosave';

/**
 * Runs `flush` when work could be lost: the component unmounts (a tab switch or a route change)
 * or the page is hidden or left (`visibilitychange` to hidden, `pagehide`). Leaving the page
 * sends with `keepalive`, so the request outlives the page.
 */
export function useFlushOnLeave(flush: (send: SendOptions) => unknown) {
  const latest = useRef(flush);
  useEffect(() => {
    latest.current = flush;
  });
  useEffect(() => {
    const onHide = () => void latest.current({ keepalive: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      void latest.current({ keepalive: false });
    };
  }, []);
}
