import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateR8App, generateR8Crash, syntheticR8Class } from '@patrol/test-apk';
import { parseR8Mapping } from './r8-mapping.parser';
import { retraceStack } from './stack-retrace';

describe('retraceStack on a generated mapping', () => {
  const app = generateR8App(5, 6);
  const index = parseR8Mapping(app.mapping);

  it('is a mapping of several classes with line ranges, inlined methods and a $r8$ class', () => {
    expect(app.mapping).toContain('com.patrol.gen.feature0.Screen0 -> a.a:');
    expect(app.mapping).toMatch(/^ {4}4:6:void step2\(\):40:42 -> c$/m);
    // step2 of Screen0 inlines check2 of Screen1 at obfuscated line 7.
    expect(app.mapping).toContain(
      '    7:7:void com.patrol.gen.feature1.Screen1.check2():202:202 -> c\n    7:7:void step2():43 -> c',
    );
    expect(app.mapping).toContain(`${syntheticR8Class} -> zz.a:`);
  });

  it('gives back the readable stack: inlined frames expanded, lines mapped, the $r8$ frame dropped', () => {
    const crash = generateR8Crash(app, 7);
    expect(crash.obfuscated).toContain('\tat zz.a.a(SourceFile:1)');
    expect(retraceStack(index, crash.obfuscated).readable).toBe(crash.readable);
    expect(crash.readable).not.toContain('$r8$');
    const stack = [
      'java.lang.NullPointerException: generated crash',
      '\tat zz.a.a(SourceFile:1)',
      '\tat a.a.c(SourceFile:7)',
      '\tat a.b.b(SourceFile:4)',
      '\tat android.os.Looper.loop(Looper.java:223)',
    ].join('\n');
    expect(retraceStack(index, stack).readable).toBe(
      [
        'java.lang.NullPointerException: generated crash',
        '\tat com.patrol.gen.feature1.Screen1.check2(Screen1.kt:202)',
        '\tat com.patrol.gen.feature0.Screen0.step2(Screen0.kt:43)',
        '\tat com.patrol.gen.feature1.Screen1.step1(Screen1.kt:31)',
        '\tat android.os.Looper.loop(Looper.java:223)',
      ].join('\n'),
    );
  });

  it('round-trips random generated mappings and crashes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 8 }),
        (classes, methods, seed, depth) => {
          const generated = generateR8App(classes, methods);
          const crash = generateR8Crash(generated, seed, depth);
          const retraced = retraceStack(parseR8Mapping(generated.mapping), crash.obfuscated);
          expect(retraced.readable).toBe(crash.readable);
        },
      ),
      { numRuns: 60 },
    );
  });
});
