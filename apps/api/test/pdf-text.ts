import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type request from 'supertest';

const run = promisify(execFile);

/** Collects a binary answer (a PDF, a workbook) as a Buffer. */
export function binaryBody(test: request.Test): request.Test {
  return test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** The text of each page of a PDF, as poppler's pdftotext reads it (installed by .ci/run). */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const directory = await mkdtemp(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(directory, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    // pdftotext ends every page with a form feed. Amounts are printed 'RM' + no-break space +
    // figure (never split over two lines); the text reads them with an ordinary space.
    return stdout.replace(/\u00a0/g, ' ').split('\f').slice(0, -1);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
