import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so relative times ('5 minutes ago') move on. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
