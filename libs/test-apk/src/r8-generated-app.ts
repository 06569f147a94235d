// A generated R8 mapping of a patrol-like app and stacks obfuscated by it with their readable form,
// from one model: classes with line ranges, methods inlined into others (across classes too), and
// a synthesized $r8$ backport class whose frames retrace drops. Used by the crash-reports tests,
// the device simulator (obfuscated crashes), the bench (a 50,000-line mapping) and the journey.

/** One obfuscated line range of a method: lines start..start+length-1 stand for original ones. */
interface GeneratedRange {
  obfuscatedStart: number;
  length: number;
  originalStart: number;
  /** When set, the range is this method inlined into the method (one line). */
  inlined?: { classIndex: number; method: string; line: number };
}

interface GeneratedMethod {
  name: string;
  obfuscatedName: string;
  ranges: GeneratedRange[];
}

interface GeneratedClass {
  name: string;
  obfuscatedName: string;
  fileName: string;
  methods: GeneratedMethod[];
}

export interface GeneratedApp {
  classes: GeneratedClass[];
  /** The mapping file's text. */
  mapping: string;
  /** Lines in the mapping. */
  lineCount: number;
}

/** The synthesized backport class every generated app has (R8 names such classes $r8$...). */
export const syntheticR8Class =
  'com.patrol.gen.$r8$backportedMethods$utility$Objects$1$requireNonNull';
const syntheticObfuscated = 'zz.a';

/** a, b, ..., z, ba, bb...: R8-style short names. */
function shortName(index: number): string {
  let name = '';
  let rest = index;
  do {
    name = String.fromCharCode(97 + (rest % 26)) + name;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return name;
}

/** The app's model: `classCount` classes of `methodsPerClass` methods, every third one inlined. */
function generateClasses(classCount: number, methodsPerClass: number): GeneratedClass[] {
  const classes: GeneratedClass[] = [];
  for (let c = 0; c < classCount; c += 1) {
    const simple = `Screen${c}`;
    let line = 1;
    const methods: GeneratedMethod[] = [];
    for (let m = 0; m < methodsPerClass; m += 1) {
      const length = 1 + ((c + m) % 4);
      const ranges: GeneratedRange[] = [
        { obfuscatedStart: line, length, originalStart: 20 + m * 10 },
      ];
      line += length;
      if (m % 3 === 2) {
        // A helper of the next class (or this one, for the last) inlined at one line.
        const helperClass = (c + 1) % classCount;
        ranges.push({
          obfuscatedStart: line,
          length: 1,
          originalStart: 20 + m * 10 + length,
          inlined: { classIndex: helperClass, method: `check${m}`, line: 200 + m },
        });
        line += 1;
      }
      methods.push({ name: `step${m}`, obfuscatedName: shortName(m % 5), ranges });
    }
    classes.push({
      name: `com.patrol.gen.feature${c % 7}.${simple}`,
      obfuscatedName: `${shortName(Math.floor(c / 26))}.${shortName(c % 26)}`,
      fileName: `${simple}.kt`,
      methods,
    });
  }
  return classes;
}

function mappingLines(classes: GeneratedClass[]): string[] {
  const lines = [
    '# compiler: R8',
    '# compiler_version: 8.5.35',
    '# {"id":"com.android.tools.r8.mapping","version":"2.2"}',
  ];
  for (const owner of classes) {
    lines.push(`${owner.name} -> ${owner.obfuscatedName}:`);
    lines.push(`# {"id":"sourceFile","fileName":"${owner.fileName}"}`);
    for (const method of owner.methods) {
      for (const range of method.ranges) {
        const end = range.obfuscatedStart + range.length - 1;
        const span = `${range.obfuscatedStart}:${end}`;
        if (range.inlined) {
          const helper = classes[range.inlined.classIndex]!;
          lines.push(
            `    ${span}:void ${helper.name}.${range.inlined.method}():${range.inlined.line}:${range.inlined.line} -> ${method.obfuscatedName}`,
            `    ${span}:void ${method.name}():${range.originalStart} -> ${method.obfuscatedName}`,
          );
        } else {
          const originalEnd = range.originalStart + range.length - 1;
          lines.push(
            `    ${span}:void ${method.name}():${range.originalStart}:${originalEnd} -> ${method.obfuscatedName}`,
          );
        }
      }
    }
  }
  lines.push(
    `${syntheticR8Class} -> ${syntheticObfuscated}:`,
    '# {"id":"sourceFile","fileName":"R8$$SyntheticClass"}',
    '# {"id":"com.android.tools.r8.synthesized"}',
    '    1:1:java.lang.Object requireNonNull(java.lang.Object):0:0 -> a',
    '    # {"id":"com.android.tools.r8.synthesized"}',
  );
  return lines;
}

/**
 * An app of `classCount` classes (at least 2); `methodsPerClass` sets the mapping's size (about
 * 1.6 lines a method, plus 2 a class): 1,470 classes of 20 methods make some 50,000 lines.
 */
export function generateR8App(classCount = 6, methodsPerClass = 6): GeneratedApp {
  const classes = generateClasses(Math.max(2, classCount), Math.max(3, methodsPerClass));
  const lines = mappingLines(classes);
  return { classes, mapping: `${lines.join('\n')}\n`, lineCount: lines.length };
}

/** A crash through the app, obfuscated, and the stack retrace must give back. */
export interface GeneratedCrash {
  obfuscated: string;
  readable: string;
}

/** A number from a seed, so that the same seed gives the same crash. */
function pick(seed: number, salt: number, modulo: number): number {
  const mixed = Math.imul(seed ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b) >>> 0;
  return ((mixed ^ (mixed >>> 13)) >>> 0) % modulo;
}

/**
 * A crash of `depth` app frames (a seed picks classes, methods and lines), entered through the
 * synthesized $r8$ class's frame on top, over two framework frames.
 */
export function generateR8Crash(app: GeneratedApp, seed: number, depth = 4): GeneratedCrash {
  const obfuscated = ['java.lang.NullPointerException: generated crash'];
  const readable = [...obfuscated];
  obfuscated.push(`\tat ${syntheticObfuscated}.a(SourceFile:1)`);
  for (let frame = 0; frame < depth; frame += 1) {
    const owner = app.classes[pick(seed, frame * 3 + 1, app.classes.length)]!;
    const method = owner.methods[pick(seed, frame * 3 + 2, owner.methods.length)]!;
    const range = method.ranges[pick(seed, frame * 3 + 3, method.ranges.length)]!;
    const offset = range.inlined ? 0 : pick(seed, frame + 97, range.length);
    obfuscated.push(
      `\tat ${owner.obfuscatedName}.${method.obfuscatedName}(SourceFile:${range.obfuscatedStart + offset})`,
    );
    if (range.inlined) {
      const helper = app.classes[range.inlined.classIndex]!;
      readable.push(
        `\tat ${helper.name}.${range.inlined.method}(${helper.fileName}:${range.inlined.line})`,
      );
    }
    readable.push(
      `\tat ${owner.name}.${method.name}(${owner.fileName}:${range.originalStart + offset})`,
    );
  }
  const framework = [
    '\tat android.os.Handler.dispatchMessage(Handler.java:106)',
    '\tat android.os.Looper.loop(Looper.java:223)',
  ];
  return {
    obfuscated: [...obfuscated, ...framework].join('\n'),
    readable: [...readable, ...framework].join('\n'),
  };
}
