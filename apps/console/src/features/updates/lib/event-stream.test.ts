import { describe, expect, it } from 'vitest';
import { readEventStream } from './event-stream';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readEventStream', () => {
  it('hands over each message, however the chunks cut it', async () => {
    const messages: string[] = [];
    await readEventStream(
      streamOf(['data: {"type":"prog', 'ress","progress":5}\n', '\ndata: {"type":"complete"}\n\n']),
      (data) => messages.push(data),
    );
    expect(messages).toEqual(['{"type":"progress","progress":5}', '{"type":"complete"}']);
  });

  it('joins multi-line data, reads CRLF, skips comments and other fields, keeps a last unterminated message', async () => {
    const messages: string[] = [];
    await readEventStream(
      streamOf([
        ': keep-alive\r\n\r\n',
        'event: note\r\nid: 7\r\ndata: one\r\ndata:two\r\n\r\n',
        'data: last',
      ]),
      (data) => messages.push(data),
    );
    expect(messages).toEqual(['one\ntwo', 'last']);
  });
});
