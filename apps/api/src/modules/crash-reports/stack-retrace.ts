import {
  isOutlineFrame,
  outlineCallsiteLine,
  retraceFrame,
  type ObfuscatedFrame,
  type RetracedFrame,
} from './r8-frame-retrace';
import type { R8MappingIndex } from './r8-mapping.parser';

/** A retraced stack: the raw text kept beside the readable one. */
export interface RetracedStack {
  raw: string;
  readable: string;
  /** The readable frames in order, first candidate of each ambiguous frame. */
  frames: RetracedFrame[];
  /** True when some frame had several candidates (printed with `<OR>` as R8's retrace does). */
  ambiguous: boolean;
}

const frameLine = /^(\s*)at ([^\s(]+)\.([^\s.(]+)\(([^)]*)\)\s*$/;
const exceptionLine =
  /^(\s*(?:Caused by: |Suppressed: )?(?:Exception in thread "[^"]*" )?)([A-Za-z_$][\w$]*(?:\.[\w$]+)+)(:.*)?$/;

/** Reads `at a.b.c(SourceFile:12)`; the location may be `Unknown Source`, `Native Method` or `:12`. */
export function parseFrameLine(line: string): { indent: string; frame: ObfuscatedFrame } | null {
  const match = frameLine.exec(line);
  if (!match) return null;
  const location = match[4]!;
  const lineMatch = /^(.*?):(\d+)$/.exec(location);
  const fileName = (lineMatch ? lineMatch[1] : location) || null;
  return {
    indent: match[1]!,
    frame: {
      className: match[2]!,
      methodName: match[3]!,
      fileName,
      line: lineMatch ? Number(lineMatch[2]) : null,
    },
  };
}

function formatFrame(indent: string, frame: RetracedFrame): string {
  const file = frame.fileName ?? 'Unknown Source';
  const location = frame.line === null ? file : `${file}:${frame.line}`;
  return `${indent}at ${frame.className}.${frame.methodName}(${location})`;
}

/** The exception line with its class restored, and that (readable) class; null when not one. */
function retraceExceptionLine(
  index: R8MappingIndex,
  line: string,
): { text: string; thrownClass: string | null } {
  const match = exceptionLine.exec(line);
  if (!match) return { text: line, thrownClass: null };
  const mapping = index.classes.get(match[2]!);
  if (!mapping) return { text: line, thrownClass: match[2]! };
  return { text: `${match[1]}${mapping.original}${match[3] ?? ''}`, thrownClass: mapping.original };
}

function withOutlineLine(
  index: R8MappingIndex,
  frame: ObfuscatedFrame,
  outlinePosition: number | null,
): ObfuscatedFrame {
  if (outlinePosition === null) return frame;
  const line = outlineCallsiteLine(index, frame, outlinePosition);
  return line === null ? frame : { ...frame, line };
}

/**
 * Retraces a Java/Kotlin stack trace text: exception and `Caused by:` lines get their class
 * names back, frames are expanded into their inline chains, synthesized frames are dropped,
 * and every other line (`... 3 more`, logcat noise) is kept as it is.
 */
export function retraceStack(index: R8MappingIndex, raw: string): RetracedStack {
  const output: string[] = [];
  const frames: RetracedFrame[] = [];
  let ambiguous = false;
  // R8's rewriteFrame rules apply only to the first frame under an exception line.
  let thrownClass: string | null = null;
  // The line of a dropped outline frame, which picks the line of the caller under it.
  let outlinePosition: number | null = null;
  for (const line of raw.split('\n')) {
    const parsed = parseFrameLine(line.replace(/\r$/, ''));
    if (!parsed) {
      const exception = retraceExceptionLine(index, line);
      output.push(exception.text);
      thrownClass = exception.thrownClass;
      outlinePosition = null;
      continue;
    }
    if (isOutlineFrame(index, parsed.frame)) {
      outlinePosition = parsed.frame.line ?? 0;
      continue;
    }
    const frame = withOutlineLine(index, parsed.frame, outlinePosition);
    outlinePosition = null;
    const { candidates, mapped } = retraceFrame(index, frame, thrownClass);
    thrownClass = null;
    if (!mapped) {
      output.push(line);
      frames.push(parsed.frame);
      continue;
    }
    if (candidates.length > 1) ambiguous = true;
    candidates.forEach((chain, position) => {
      const indent = position === 0 ? parsed.indent : `${parsed.indent}<OR> `;
      for (const frame of chain) output.push(formatFrame(indent, frame));
    });
    frames.push(...(candidates[0] ?? []));
  }
  return { raw, readable: output.join('\n'), frames, ambiguous };
}
