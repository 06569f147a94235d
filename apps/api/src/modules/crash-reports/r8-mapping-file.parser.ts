import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { FileProblem } from '../../storage/serve-parser';
import { classifyR8Line } from './r8-mapping.parser';

/** What a valid mapping file holds, as its upload records it. */
export interface R8MappingSummary {
  classCount: number;
  lineCount: number;
}

/** A line longer than this is no mapping's (R8 writes one member per line). */
const maxLineLength = 64 * 1024;

function shown(line: string): string {
  const text = line.length > 60 ? `${line.slice(0, 57)}...` : line;
  return JSON.stringify(text);
}

/**
 * Reads the mapping file at `path` line by line and checks that every line is one R8 writes (a
 * class, a member under a class, a comment or a blank line); counts its classes. Refuses with a
 * FileProblem naming the first line that is not: `not-a-mapping` (with the line) or `no-classes`.
 */
export async function inspectR8MappingFile(path: string): Promise<R8MappingSummary> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let classCount = 0;
  let lineCount = 0;
  for await (const line of lines) {
    lineCount += 1;
    if (line.length > maxLineLength) {
      throw new FileProblem('not-a-mapping', `line ${lineCount} is longer than 64 KiB`);
    }
    const kind = classifyR8Line(line);
    if (kind === 'class') classCount += 1;
    else if (kind === 'other') {
      throw new FileProblem(
        'not-a-mapping',
        `line ${lineCount} (${shown(line)}) is not a class, member or comment line`,
      );
    } else if (kind === 'member' && classCount === 0) {
      throw new FileProblem(
        'not-a-mapping',
        `line ${lineCount} is a member line before any class line`,
      );
    }
  }
  if (classCount === 0) throw new FileProblem('no-classes');
  return { classCount, lineCount };
}
