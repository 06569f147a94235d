import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { parseR8Mapping, parseR8MappingStream } from './r8-mapping.parser';
import { obfuscatedStack, patrolMapping, readableStack } from '../../../test/builders';
import { retraceStack } from './stack-retrace';

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
