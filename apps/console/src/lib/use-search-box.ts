import { useEffect, useRef, useState } from 'react';

const searchDelayMs = 300;

/**
 * A list's search box over the search the URL holds: shows what the URL says (back and forward
 * included), and commits what the user types, trimmed, after a short pause.
 */
export function useSearchBox(
  committed: string,
  commit: (search: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });

  useEffect(() => setText(committed), [committed]);
  useEffect(() => {
    if (text.trim() === committed) return;
    const timer = setTimeout(() => latestCommit.current(text.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, committed]);

  return [text, setText];
}
