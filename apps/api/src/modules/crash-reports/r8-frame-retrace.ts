import type { R8ClassMapping, R8MappingIndex, R8MethodEntry } from './r8-mapping.parser';

/** A stack frame as the runtime printed it, class and method still obfuscated. */
export interface ObfuscatedFrame {
  className: string;
  methodName: string;
  /** The file the runtime printed (`SourceFile`, `Unknown Source`...), null when none. */
  fileName: string | null;
  line: number | null;
}

/** A readable frame. */
export interface RetracedFrame {
  className: string;
  methodName: string;
  fileName: string | null;
  line: number | null;
}

/**
 * The readable frames for one obfuscated frame. `candidates` has one inline chain
 * (innermost first) per way the mapping can explain the frame; several when ambiguous.
 * An empty list means every candidate was a synthesized frame, which R8's retrace drops.
 */
export interface FrameRetrace {
  candidates: RetracedFrame[][];
  mapped: boolean;
}

const r8SyntheticSourceFile = 'R8$$SyntheticClass';

/**
 * Source file as R8's retrace names it: the mapping's record, else one derived from the outer
 * class (`FooKt` -> `Foo.kt`, an extension borrowed from a related record, else `.java`).
 */
function sourceFileFor(
  index: R8MappingIndex,
  className: string,
  referenceFile: string | null,
): string {
  const recorded = index.sourceFileByOriginalClass.get(className);
  if (recorded && recorded !== r8SyntheticSourceFile) return recorded;
  const segments = className.slice(className.lastIndexOf('.') + 1).split('$');
  const base = segments[0] || className;
  const kotlinFacade = segments.find((segment) => segment.length > 2 && segment.endsWith('Kt'));
  if (kotlinFacade) return `${kotlinFacade.slice(0, -2)}.kt`;
  const outerFile =
    index.sourceFileByOriginalClass.get(
      className.slice(0, className.lastIndexOf('.') + 1) + base,
    ) ?? referenceFile;
  const dot = outerFile?.lastIndexOf('.') ?? -1;
  return base + (dot > 0 ? outerFile!.slice(dot) : '.java');
}

function inRange(entry: R8MethodEntry, line: number): boolean {
  return (
    entry.obfuscatedEnd !== null && line >= entry.obfuscatedStart! && line <= entry.obfuscatedEnd
  );
}

/** Original line of a ranged entry: offset into a range of the same length, else its first line. */
function originalLine(entry: R8MethodEntry, line: number): number | null {
  if (entry.originalStart === null) return line; // ProGuard without an original range keeps lines.
  if (entry.originalEnd === null || entry.originalEnd === entry.originalStart)
    return entry.originalStart;
  return entry.originalStart + line - entry.obfuscatedStart!;
}

function baseLine(entry: R8MethodEntry, frameLine: number | null): number | null {
  if (entry.originalStart === null) return frameLine !== null && frameLine > 0 ? frameLine : null;
  return entry.originalStart > 0 ? entry.originalStart : null;
}

const maxSpanExpansion = 20;

/**
 * A method line with no obfuscated range but an original span (`void m():42:44 -> a`) could be
 * any line of the span: R8's retrace lists each one as an alternative.
 */
function spanLines(chain: R8MethodEntry[], frameLine: number | null): number[] | null {
  const [entry] = chain;
  if (chain.length !== 1 || frameLine === null || frameLine <= 0) return null;
  const { originalStart: start, originalEnd: end } = entry!;
  if (start === null || end === null || start <= 0 || end <= start) return null;
  if (end - start >= maxSpanExpansion) return null;
  return Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
}

function toFrame(
  index: R8MappingIndex,
  mapping: R8ClassMapping,
  entry: R8MethodEntry,
  line: number | null,
): RetracedFrame {
  const className = entry.originalClass ?? mapping.original;
  return {
    className,
    methodName: entry.originalName,
    fileName: sourceFileFor(index, className, mapping.sourceFile),
    line,
  };
}

/** Splits entries sharing one obfuscated range into inline chains, in file order. */
function chainsOf(entries: R8MethodEntry[]): R8MethodEntry[][] {
  const chains: R8MethodEntry[][] = [];
  let previous: R8MethodEntry | null = null;
  for (const entry of entries) {
    const sameRange =
      previous !== null &&
      previous.obfuscatedStart === entry.obfuscatedStart &&
      previous.obfuscatedEnd === entry.obfuscatedEnd &&
      entry.obfuscatedEnd !== null;
    if (sameRange) chains[chains.length - 1]!.push(entry);
    else chains.push([entry]);
    previous = entry;
  }
  return chains;
}

function dedupe(candidates: RetracedFrame[][]): RetracedFrame[][] {
  if (candidates.length < 2) return candidates;
  const seen = new Set<string>();
  return candidates.filter((chain) => {
    const key = JSON.stringify(chain);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function entriesFor(
  entries: R8MethodEntry[],
  line: number | null,
): { chains: R8MethodEntry[][]; ranged: boolean } {
  const ranged = entries.filter((entry) => entry.obfuscatedEnd !== null);
  if (line !== null && line > 0 && ranged.length > 0) {
    return { chains: chainsOf(ranged.filter((entry) => inRange(entry, line))), ranged: true };
  }
  const base = entries.filter((entry) => entry.obfuscatedEnd === null);
  return { chains: chainsOf(base.length > 0 ? base : entries), ranged: false };
}

function descriptorOf(className: string): string {
  return `L${className.replace(/\./g, '/')};`;
}

/** Applies the chain's `rewriteFrame` rules when the frame is the first one of `thrownClass`. */
function rewriteChain(chain: R8MethodEntry[], thrownClass: string | null): R8MethodEntry[] {
  if (thrownClass === null) return chain;
  const thrown = descriptorOf(thrownClass);
  let removed = 0;
  for (const rule of chain.flatMap((entry) => entry.rewrites ?? [])) {
    if (rule.throws.every((descriptor) => descriptor === thrown)) removed += rule.removeInnerFrames;
  }
  return removed > 0 ? chain.slice(removed) : chain;
}

/**
 * Retraces one frame the way R8's retrace does (see docs/crash-retrace.md for departures).
 * `thrownClass` is the (readable) exception type when this is the first frame under it.
 */
export function retraceFrame(
  index: R8MappingIndex,
  frame: ObfuscatedFrame,
  thrownClass: string | null = null,
): FrameRetrace {
  const mapping = index.classes.get(frame.className);
  if (!mapping) return { candidates: [[{ ...frame }]], mapped: false };
  const classOnly: RetracedFrame = {
    className: mapping.original,
    methodName: frame.methodName,
    fileName: sourceFileFor(index, mapping.original, mapping.sourceFile),
    line: frame.line,
  };
  const entries = mapping.methods.get(frame.methodName);
  if (!entries) {
    return { candidates: mapping.synthesized ? [] : [[classOnly]], mapped: true };
  }
  const { chains, ranged } = entriesFor(entries, frame.line);
  if (chains.length === 0) return { candidates: [[classOnly]], mapped: true };
  const candidates = chains.flatMap((chain): RetracedFrame[][] => {
    const kept = rewriteChain(chain, thrownClass).filter(
      (entry) =>
        !entry.synthesized &&
        !index.synthesizedOriginalClasses.has(entry.originalClass ?? mapping.original),
    );
    if (ranged) {
      return [
        kept.map((entry) => toFrame(index, mapping, entry, originalLine(entry, frame.line!))),
      ];
    }
    const span = spanLines(kept, frame.line);
    if (span) return span.map((line) => [toFrame(index, mapping, kept[0]!, line)]);
    // Without a line to pick a range, several candidates cannot be told apart by line.
    const unknownLine = (frame.line ?? 0) <= 0 && chains.length > 1 && chain.length === 1;
    return [
      kept.map((entry) =>
        toFrame(index, mapping, entry, unknownLine ? null : baseLine(entry, frame.line)),
      ),
    ];
  });
  return { candidates: dedupe(candidates.filter((chain) => chain.length > 0)), mapped: true };
}

/** Whether the frame is in an outline, which R8's retrace folds into the frame under it. */
export function isOutlineFrame(index: R8MappingIndex, frame: ObfuscatedFrame): boolean {
  const entries = index.classes.get(frame.className)?.methods.get(frame.methodName);
  return entries?.[0]?.outline === true;
}

/**
 * The caller's line that the outline's `outlinePosition` stands for, read from the
 * `outlineCallsite` record of the caller's method line covering its frame line.
 */
export function outlineCallsiteLine(
  index: R8MappingIndex,
  caller: ObfuscatedFrame,
  outlinePosition: number,
): number | null {
  const entries = index.classes.get(caller.className)?.methods.get(caller.methodName) ?? [];
  for (const entry of entries) {
    const covers =
      entry.obfuscatedEnd === null || (caller.line !== null && inRange(entry, caller.line));
    const line = covers ? entry.outlinePositions?.get(outlinePosition) : undefined;
    if (line !== undefined) return line;
  }
  return null;
}
