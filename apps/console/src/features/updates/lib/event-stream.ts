/**
 * Reads a text/event-stream body and hands each message's data (its `data:` lines joined by
 * newlines) to `onMessage`, in order. Comments and other fields (event, id, retry) are ignored:
 * the update download sends JSON data only. Resolves when the stream ends.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const flushMessages = (final: boolean) => {
    const blocks = buffered.split(/\r?\n\r?\n/);
    buffered = final ? '' : (blocks.pop() ?? '');
    for (const block of blocks) {
      const data = block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
      if (data.length > 0) onMessage(data.join('\n'));
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      flushMessages(false);
    }
    buffered += decoder.decode();
    flushMessages(true);
  } finally {
    reader.releaseLock();
  }
}
