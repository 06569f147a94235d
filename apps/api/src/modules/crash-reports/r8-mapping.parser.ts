/**
 * R8/ProGuard mapping-file parser (format: r8.googlesource.com/r8/+/refs/heads/main/doc/retrace.md).
 * Lines are fed one at a time so a large mapping never needs more than its index in memory;
 * field lines are skipped because stack traces never name fields.
 */

/** One method line of the mapping: an obfuscated line range and the original position it maps to. */
export interface R8MethodEntry {
  /** Obfuscated range; null when the line has no `start:end:` prefix (or it is `0:0:`). */
  obfuscatedStart: number | null;
  obfuscatedEnd: number | null;
  /** Set when the method was inlined from another class (`void other.Cls.m():12 -> a`). */
  originalClass: string | null;
  originalName: string;
  originalStart: number | null;
  originalEnd: number | null;
  synthesized: boolean;
  /** `rewriteFrame` rules attached to this line; most lines have none. */
  rewrites?: R8FrameRewrite[];
  /** Marked `com.android.tools.r8.outline`: code R8 moved out of its callers. */
  outline?: boolean;
  /** `outlineCallsite` positions: line in the outline -> line of this method at that call. */
  outlinePositions?: Map<number, number>;
}

/**
 * A `com.android.tools.r8.rewriteFrame` rule: when the frame is the first of an exception whose
 * type is one of `throws` (JVM descriptors), drop that many innermost frames of its inline chain.
 * A rule with a condition or action this parser does not know removes nothing.
 */
export interface R8FrameRewrite {
  throws: string[];
  removeInnerFrames: number;
}

/** What the mapping says about one obfuscated class. */
export interface R8ClassMapping {
  original: string;
  sourceFile: string | null;
  synthesized: boolean;
  /** Method lines by obfuscated name, in file order (an inline chain is innermost first). */
  methods: Map<string, R8MethodEntry[]>;
}

/** The parsed mapping: obfuscated class name -> mapping, and original name -> source file. */
export interface R8MappingIndex {
  classes: Map<string, R8ClassMapping>;
  sourceFileByOriginalClass: Map<string, string>;
  /** Original names of classes marked synthesized: every frame of their methods is dropped. */
  synthesizedOriginalClasses: Set<string>;
}

const classLine = /^(\S+) -> (\S+):$/;
const methodLine =
  /^\s+(?:(\d+):(\d+):)?(\S+) ([^\s(]+)\(([^)]*)\)(?::(\d+)(?::(\d+))?)? -> (\S+)$/;
const fieldLine = /^\s+\S+ \S+ -> \S+$/;

interface R8Metadata {
  id?: unknown;
  fileName?: unknown;
  conditions?: unknown;
  actions?: unknown;
  positions?: unknown;
}

function readPositions(positions: unknown): Map<number, number> | null {
  if (typeof positions !== 'object' || positions === null) return null;
  const map = new Map<number, number>();
  for (const [from, to] of Object.entries(positions)) map.set(Number(from), Number(to));
  return map;
}

function readRewrite(metadata: R8Metadata): R8FrameRewrite | null {
  const { conditions, actions } = metadata;
  if (!Array.isArray(conditions) || !Array.isArray(actions)) return null;
  const throws = conditions.map(
    (condition) => /^throws\((L[^;]+;)\)$/.exec(String(condition))?.[1],
  );
  const removals = actions.map(
    (action) => /^removeInnerFrames\((\d+)\)$/.exec(String(action))?.[1],
  );
  if (throws.includes(undefined) || removals.includes(undefined)) {
    return { throws: [], removeInnerFrames: 0 };
  }
  const removeInnerFrames = removals.reduce((sum, count) => sum + Number(count), 0);
  return { throws: throws as string[], removeInnerFrames };
}

function readMetadata(comment: string): R8Metadata | null {
  const body = comment.replace(/^\s*#\s*/, '');
  if (!body.startsWith('{')) return null;
  try {
    return JSON.parse(body) as R8Metadata;
  } catch {
    // Older R8 versions wrote the JSON with single quotes.
    try {
      return JSON.parse(body.replace(/'/g, '"')) as R8Metadata;
    } catch {
      return null;
    }
  }
}

function toNumber(text: string | undefined): number | null {
  return text === undefined ? null : Number(text);
}

/**
 * A copy of `text` that does not point into the line it was cut from (V8 keeps a substring's
 * whole parent alive), shared by every equal name so repeated names cost memory once.
 */
function intern(names: Map<string, string>, text: string): string {
  const known = names.get(text);
  if (known !== undefined) return known;
  const copy = JSON.parse(JSON.stringify(text)) as string;
  names.set(copy, copy);
  return copy;
}

/** Builds an index from mapping lines pushed in file order. */
export class R8MappingBuilder {
  private readonly names = new Map<string, string>();
  private readonly classes = new Map<string, R8ClassMapping>();
  private readonly sourceFiles = new Map<string, string>();
  private readonly synthesizedClasses = new Set<string>();
  private currentClass: R8ClassMapping | null = null;
  /** Metadata applies to the class or member line just before it. */
  private lastMember: R8MethodEntry | null = null;

  /** Feeds one line (without its line break). */
  addLine(rawLine: string): void {
    const line = rawLine.replace(/\r$/, '');
    if (line.trim() === '') return;
    if (line.trimStart().startsWith('#')) {
      this.applyMetadata(line);
      return;
    }
    const cls = classLine.exec(line);
    if (cls && !/^\s/.test(line)) {
      const mapping: R8ClassMapping = {
        original: intern(this.names, cls[1]!),
        sourceFile: null,
        synthesized: false,
        methods: new Map(),
      };
      this.classes.set(intern(this.names, cls[2]!), mapping);
      this.currentClass = mapping;
      this.lastMember = null;
      return;
    }
    if (!this.currentClass) return;
    const method = methodLine.exec(line);
    if (method) {
      this.addMethod(method);
      return;
    }
    if (fieldLine.test(line)) this.lastMember = null;
  }

  /** Returns the finished index. */
  finish(): R8MappingIndex {
    this.names.clear();
    return {
      classes: this.classes,
      sourceFileByOriginalClass: this.sourceFiles,
      synthesizedOriginalClasses: this.synthesizedClasses,
    };
  }

  private addMethod(match: RegExpExecArray): void {
    const [, start, end, , qualifiedName, , origStart, origEnd, obfuscated] = match;
    const dot = qualifiedName!.lastIndexOf('.');
    const obfuscatedEnd = toNumber(end);
    const hasRange = obfuscatedEnd !== null && obfuscatedEnd > 0;
    const entry: R8MethodEntry = {
      obfuscatedStart: hasRange ? toNumber(start) : null,
      obfuscatedEnd: hasRange ? obfuscatedEnd : null,
      originalClass: dot >= 0 ? intern(this.names, qualifiedName!.slice(0, dot)) : null,
      originalName: intern(this.names, dot >= 0 ? qualifiedName!.slice(dot + 1) : qualifiedName!),
      originalStart: toNumber(origStart),
      originalEnd: toNumber(origEnd),
      synthesized: false,
    };
    const methods = this.currentClass!.methods;
    const list = methods.get(obfuscated!);
    if (list) list.push(entry);
    else methods.set(intern(this.names, obfuscated!), [entry]);
    this.lastMember = entry;
  }

  private applyMetadata(line: string): void {
    const metadata = readMetadata(line);
    if (!metadata || !this.currentClass) return;
    if (metadata.id === 'sourceFile' && typeof metadata.fileName === 'string') {
      if (this.lastMember) return;
      this.currentClass.sourceFile = intern(this.names, metadata.fileName);
      this.sourceFiles.set(this.currentClass.original, metadata.fileName);
    } else if (metadata.id === 'com.android.tools.r8.synthesized') {
      if (this.lastMember) this.lastMember.synthesized = true;
      else {
        this.currentClass.synthesized = true;
        this.synthesizedClasses.add(this.currentClass.original);
      }
    } else if (metadata.id === 'com.android.tools.r8.outline' && this.lastMember) {
      this.lastMember.outline = true;
    } else if (metadata.id === 'com.android.tools.r8.outlineCallsite' && this.lastMember) {
      this.lastMember.outlinePositions = readPositions(metadata.positions) ?? undefined;
    } else if (metadata.id === 'com.android.tools.r8.rewriteFrame' && this.lastMember) {
      const rewrite = readRewrite(metadata);
      if (rewrite) (this.lastMember.rewrites ??= []).push(rewrite);
    }
  }
}

/** What kind of mapping line `line` is; `other` is a line no mapping holds. */
export function classifyR8Line(
  rawLine: string,
): 'blank' | 'comment' | 'class' | 'member' | 'other' {
  const line = rawLine.replace(/\r$/, '');
  if (line.trim() === '') return 'blank';
  if (line.trimStart().startsWith('#')) return 'comment';
  if (!/^\s/.test(line)) return classLine.test(line) ? 'class' : 'other';
  return methodLine.test(line) || fieldLine.test(line) ? 'member' : 'other';
}

/** Parses a whole mapping held in memory or given as an iterable of lines. */
export function parseR8Mapping(source: string | Iterable<string>): R8MappingIndex {
  const builder = new R8MappingBuilder();
  const lines = typeof source === 'string' ? source.split('\n') : source;
  for (const line of lines) builder.addLine(line);
  return builder.finish();
}

/** Parses a mapping streamed line by line (e.g. `readline` over an upload). */
export async function parseR8MappingStream(lines: AsyncIterable<string>): Promise<R8MappingIndex> {
  const builder = new R8MappingBuilder();
  for await (const line of lines) builder.addLine(line);
  return builder.finish();
}
