/** The display's read-only feed: server-sent DisplayViews from /display/events (reconnects by itself). */
import { useEffect, useState } from 'react';
import type { DisplayView } from '../../shared/posapi-display.js';

export interface Feed {
  view: DisplayView | undefined;
  /** Till time minus this browser's time (ms), from the last view. */
  skewMs: number;
  connected: boolean;
}

export function useDisplayFeed(token: string): Feed {
  const [feed, setFeed] = useState<Feed>({ view: undefined, skewMs: 0, connected: false });
  useEffect(() => {
    const source = new EventSource(`/display/events?${new URLSearchParams({ token })}`);
    source.onmessage = (message: MessageEvent<string>) => {
      const view = JSON.parse(message.data) as DisplayView;
      setFeed({ view, skewMs: view.at - Date.now(), connected: true });
    };
    source.onerror = () => setFeed((was) => ({ ...was, connected: false }));
    return () => source.close();
  }, [token]);
  return feed;
}
