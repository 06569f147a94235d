import { useEffect, useRef, useState } from 'react';

/** Typing pauses this long before the URL (and the call) follow. */
export const typingDelayMs = 300;

/**
 * A text box's value that follows `value` (the URL's) and hands the trimmed text to `commit`
 * after a pause in typing.
 */
export function useDebouncedText(value: string, commit: (text: string) => void) {
  const [text, setText] = useState(value);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });
  // Back/forward changes the URL under the box: show what the URL says.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latestCommit.current(text.trim()), typingDelayMs);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}
