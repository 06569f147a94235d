import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { parseR8Mapping, parseR8MappingStream } from './r8-mapping.parser';
import { retraceStack } from './stack-retrace';

const patrolMapping = `# compiler: R8
# compiler_version: 8.2.42
# {"id":"com.android.tools.r8.mapping","version":"2.2"}
com.patrol.app.ui.ShiftActivity -> a.a:
# {"id":"sourceFile","fileName":"ShiftActivity.kt"}
    com.patrol.app.data.ShiftRepository repository -> a
    1:4:void onCreate(android.os.Bundle):21:24 -> onCreate
    5:5:void com.patrol.app.data.ShiftRepository.load(java.lang.String):40:40 -> onCreate
    5:5:void loadShift():55 -> onCreate
    5:5:void onCreate(android.os.Bundle):25 -> onCreate
    6:6:void onCreate(android.os.Bundle):26:26 -> onCreate
    1:3:void startPatrol():60:62 -> b
    4:4:void stopPatrol():70:70 -> b
    1:1:void $r8$lambda$Xy12(com.patrol.app.ui.ShiftActivity,android.view.View):0:0 -> d
    # {"id":"com.android.tools.r8.synthesized"}
    1:2:void lambda$onCreate$0(android.view.View):33:34 -> e
    void onResume() -> f
com.patrol.app.data.ShiftRepository -> a.b:
# {"id":"sourceFile","fileName":"ShiftRepository.kt"}
    1:1:java.lang.String parse(java.lang.String):88:88 -> a
    2:2:void validate(java.lang.String):95:95 -> a
com.patrol.app.ui.ShiftActivity$$ExternalSyntheticLambda0 -> a.c:
# {"id":"sourceFile","fileName":"R8$$SyntheticClass"}
# {"id":"com.android.tools.r8.synthesized"}
    0:0:void onClick(android.view.View):0:0 -> onClick
    # {"id":"com.android.tools.r8.synthesized"}
com.patrol.app.data.InvalidShiftException -> a.d:
# {"id":"sourceFile","fileName":"InvalidShiftException.kt"}
`;

const obfuscatedStack = `java.lang.IllegalStateException: shift missing
\tat a.b.a(SourceFile:1)
\tat a.a.onCreate(SourceFile:5)
\tat a.a.e(SourceFile:2)
\tat a.a.d(SourceFile:1)
\tat a.c.onClick(Unknown Source:0)
\tat android.view.View.performClick(View.java:7448)
Caused by: a.d: bad id
\tat a.b.a(SourceFile:2)
\tat a.a.b(SourceFile:2)
\tat a.a.onCreate(SourceFile:3)
\tat a.a.f(SourceFile:9)
\t... 4 more`;

const readableStack = `java.lang.IllegalStateException: shift missing
\tat com.patrol.app.data.ShiftRepository.parse(ShiftRepository.kt:88)
\tat com.patrol.app.data.ShiftRepository.load(ShiftRepository.kt:40)
\tat com.patrol.app.ui.ShiftActivity.loadShift(ShiftActivity.kt:55)
\tat com.patrol.app.ui.ShiftActivity.onCreate(ShiftActivity.kt:25)
\tat com.patrol.app.ui.ShiftActivity.lambda$onCreate$0(ShiftActivity.kt:34)
\tat android.view.View.performClick(View.java:7448)
Caused by: com.patrol.app.data.InvalidShiftException: bad id
\tat com.patrol.app.data.ShiftRepository.validate(ShiftRepository.kt:95)
\tat com.patrol.app.ui.ShiftActivity.startPatrol(ShiftActivity.kt:61)
\tat com.patrol.app.ui.ShiftActivity.onCreate(ShiftActivity.kt:23)
\tat com.patrol.app.ui.ShiftActivity.onResume(ShiftActivity.kt:9)
\t... 4 more`;

describe('retraceStack', () => {
  it('gives back the readable stack: inline chains expanded, synthesized frames dropped', () => {
    const result = retraceStack(parseR8Mapping(patrolMapping), obfuscatedStack);
    expect(result.readable).toBe(readableStack);
    expect(result.raw).toBe(obfuscatedStack);
    expect(result.ambiguous).toBe(false);
    expect(result.frames.map((frame) => frame.methodName)).toEqual([
      'parse',
      'load',
      'loadShift',
      'onCreate',
      'lambda$onCreate$0',
      'performClick',
      'validate',
      'startPatrol',
      'onCreate',
      'onResume',
    ]);
  });

  it('parses the same index from a streamed mapping', async () => {
    const lines = createInterface({ input: Readable.from([patrolMapping]), crlfDelay: Infinity });
    const index = await parseR8MappingStream(lines);
    expect(retraceStack(index, obfuscatedStack).readable).toBe(readableStack);
  });

  it('prints every candidate with <OR> when a frame has no line to choose by', () => {
    const result = retraceStack(parseR8Mapping(patrolMapping), '    at a.b.a(Unknown Source)');
    expect(result.readable).toBe(
      [
        '    at com.patrol.app.data.ShiftRepository.parse(ShiftRepository.kt)',
        '    <OR> at com.patrol.app.data.ShiftRepository.validate(ShiftRepository.kt)',
      ].join('\n'),
    );
    expect(result.ambiguous).toBe(true);
  });

  it('keeps the class name when the line is outside every range, and unknown frames as they are', () => {
    const stack =
      'x.Y: boom\n  at a.a.b(SourceFile:99)\n  at a.z.q(SourceFile:1)\n  at a.a.zz(SourceFile:4)';
    expect(retraceStack(parseR8Mapping(patrolMapping), stack).readable).toBe(
      [
        'x.Y: boom',
        '  at com.patrol.app.ui.ShiftActivity.b(ShiftActivity.kt:99)',
        '  at a.z.q(SourceFile:1)',
        '  at com.patrol.app.ui.ShiftActivity.zz(ShiftActivity.kt:4)',
      ].join('\n'),
    );
  });

  it('deobfuscates exception lines with a thread prefix, Suppressed and CRLF mappings', () => {
    const index = parseR8Mapping(patrolMapping.replace(/\n/g, '\r\n'));
    const stack =
      'Exception in thread "main" a.d: bad\n\tSuppressed: a.d\n\t\tat a.b.a(SourceFile:2)';
    expect(retraceStack(index, stack).readable).toBe(
      [
        'Exception in thread "main" com.patrol.app.data.InvalidShiftException: bad',
        '\tSuppressed: com.patrol.app.data.InvalidShiftException',
        '\t\tat com.patrol.app.data.ShiftRepository.validate(ShiftRepository.kt:95)',
      ].join('\n'),
    );
  });
});
