import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseR8Mapping } from './r8-mapping.parser';
import { retraceStack } from './stack-retrace';

interface InlinedCall {
  /** Index of the class the call's source is in. */
  classIndex: number;
  name: string;
  line: number;
}

/** One obfuscated line range and the inline chain (innermost first) it stands for. */
interface Position {
  obfuscatedName: string;
  length: number;
  innermostSpansRange: boolean;
  chain: InlinedCall[];
}

const originalNames = ['run', 'load', 'save', 'check', 'sync'];
const obfuscatedNames = ['a', 'b', 'c'];

const positionArbitrary = (classCount: number) =>
  fc.record({
    obfuscatedName: fc.constantFrom(...obfuscatedNames),
    length: fc.integer({ min: 1, max: 4 }),
    innermostSpansRange: fc.boolean(),
    chain: fc.array(
      fc.record({
        classIndex: fc.integer({ min: 0, max: classCount - 1 }),
        name: fc.constantFrom(...originalNames),
        line: fc.integer({ min: 1, max: 900 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  });

const scenarioArbitrary = fc.integer({ min: 1, max: 5 }).chain((classCount) =>
  fc.record({
    classes: fc.array(fc.array(positionArbitrary(classCount), { minLength: 1, maxLength: 6 }), {
      minLength: classCount,
      maxLength: classCount,
    }),
    picks: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.boolean()), {
      minLength: 1,
      maxLength: 8,
    }),
  }),
);

const originalClass = (index: number) =>
  index % 2 === 0
    ? `com.patrol.p${index}.Screen${index}`
    : `com.patrol.p${index}.Job${index}$Worker`;
const sourceFile = (index: number) => (index % 2 === 0 ? `Screen${index}.kt` : `Job${index}.java`);
const obfuscatedClass = (index: number) => `a.${String.fromCharCode(97 + index)}`;

interface PlacedPosition extends Position {
  start: number;
}

/** Lays positions out on non-overlapping obfuscated ranges per obfuscated method name. */
function place(positions: Position[]): PlacedPosition[] {
  const next = new Map<string, number>();
  return positions.map((position) => {
    const start = (next.get(position.obfuscatedName) ?? 0) + 1;
    next.set(position.obfuscatedName, start + position.length - 1);
    return { ...position, start };
  });
}

function writeMapping(classes: PlacedPosition[][]): string {
  const lines = ['# compiler: R8', '# {"id":"com.android.tools.r8.mapping","version":"2.2"}'];
  classes.forEach((positions, index) => {
    lines.push(`${originalClass(index)} -> ${obfuscatedClass(index)}:`);
    lines.push(`# {"id":"sourceFile","fileName":"${sourceFile(index)}"}`);
    lines.push(`    java.lang.String label -> a`);
    for (const position of positions) {
      const range = `${position.start}:${position.start + position.length - 1}`;
      position.chain.forEach((call, depth) => {
        const owner = call.classIndex === index ? '' : `${originalClass(call.classIndex)}.`;
        const end =
          depth === 0 && position.innermostSpansRange ? call.line + position.length - 1 : call.line;
        const suffix = depth === 0 ? `:${call.line}:${end}` : `:${call.line}`;
        lines.push(
          `    ${range}:void ${owner}${call.name}(int)${suffix} -> ${position.obfuscatedName}`,
        );
      });
    }
    lines.push(`    void helper${index}(java.lang.String) -> h`);
    lines.push(`    1:1:void access$000():0:0 -> zz`);
    lines.push(`    # {"id":"com.android.tools.r8.synthesized"}`);
  });
  return lines.join('\n');
}

describe('retraceStack round trip', () => {
  it('gives back the original frames of any stack obfuscated with a random mapping', () => {
    fc.assert(
      fc.property(scenarioArbitrary, ({ classes, picks }) => {
        const placed = classes.map(place);
        const index = parseR8Mapping(writeMapping(placed));
        const obfuscated = ['a.a: crashed'];
        const expected = [`${originalClass(0)}: crashed`];
        for (const [classPick, positionPick, offsetPick, bare] of picks) {
          const classIndex = classPick % placed.length;
          if (bare) {
            // A method without line information keeps the line the runtime printed.
            const file = sourceFile(classIndex);
            obfuscated.push(`\tat ${obfuscatedClass(classIndex)}.h(SourceFile:${offsetPick})`);
            const location = offsetPick > 0 ? `${file}:${offsetPick}` : file;
            expected.push(`\tat ${originalClass(classIndex)}.helper${classIndex}(${location})`);
            continue;
          }
          const position = placed[classIndex]![positionPick % placed[classIndex]!.length]!;
          const offset = offsetPick % position.length;
          obfuscated.push(
            `\tat ${obfuscatedClass(classIndex)}.${position.obfuscatedName}(SourceFile:${position.start + offset})`,
          );
          position.chain.forEach((call, depth) => {
            const line =
              depth === 0 && position.innermostSpansRange ? call.line + offset : call.line;
            expected.push(
              `\tat ${originalClass(call.classIndex)}.${call.name}(${sourceFile(call.classIndex)}:${line})`,
            );
          });
        }
        obfuscated.push('\tat a.a.zz(SourceFile:1)', '\t... 2 more');
        expected.push('\t... 2 more');
        const result = retraceStack(index, obfuscated.join('\n'));
        expect(result.readable).toBe(expected.join('\n'));
        expect(result.ambiguous).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
