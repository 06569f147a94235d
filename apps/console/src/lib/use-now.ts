import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so relative texts ('5 minutes ago', 'Active Now') age. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
