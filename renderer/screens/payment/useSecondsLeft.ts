/** Seconds until an instruction's window ends (unix seconds), ticking four times a second; never below 0. */
import { useEffect, useState } from 'react';

export function useSecondsLeft(expire: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return expire === undefined ? undefined : Math.max(0, Math.ceil(expire - now / 1000));
}
