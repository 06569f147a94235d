import { parentPort } from 'node:worker_threads';

/** A file that is not what it should be; `problem` is a stable code the host maps to a message. */
export class FileProblem extends Error {
  constructor(
    readonly problem: string,
    readonly detail?: string,
  ) {
    super(detail ? `${problem}: ${detail}` : problem);
  }
}

/** What a parser worker sends back for its file. */
export type ParserReply<T> =
  { ok: true; value: T } | { ok: false; problem: string; detail?: string };

/**
 * The body of a `*.worker.ts` file: answers 'ready', then parses the one path it is sent with
 * `parse` and replies with the value or the problem. Anything the parser throws other than a
 * FileProblem (a parser library's own error on a malformed file) is the problem `unreadable`.
 */
export function serveParser<T>(parse: (path: string) => Promise<T>): void {
  const port = parentPort;
  if (!port) throw new Error('serveParser runs in a worker thread only');
  port.once('message', (path: string) => {
    parse(path).then(
      (value) => port.postMessage({ ok: true, value } satisfies ParserReply<T>),
      (error: unknown) =>
        port.postMessage(
          (error instanceof FileProblem
            ? { ok: false, problem: error.problem, detail: error.detail }
            : { ok: false, problem: 'unreadable' }) satisfies ParserReply<T>,
        ),
    );
  });
  port.postMessage('ready');
}
