import { describe, expect, it } from 'vitest';
import { parseR8Mapping } from './r8-mapping.parser';

const mapping = `# compiler: R8
# pg_map_id: 3f2a
com.patrol.app.Tracker -> a.a:
# {'id':'sourceFile','fileName':'Tracker.kt'}
    int count -> a
    1:3:void <init>(java.lang.String, int):12:14 -> <init>
    # {"id":"sourceFile","fileName":"Ignored.kt"}
    4:4:void com.patrol.app.Util.check(int):7:7 -> b
    4:4:void start():30 -> b
      # {"id":"com.android.tools.r8.rewriteFrame","conditions":["throws(Ljava/lang/NullPointerException;)"],"actions":["removeInnerFrames(1)"]}
    java.lang.String name() -> c
    not a member line
com.patrol.app.Tracker$$ExternalSyntheticLambda0 -> a.b:
# {"id":"com.android.tools.r8.synthesized"}
    void run() -> run
    # {"id":"com.android.tools.r8.rewriteFrame","conditions":["unknown()"],"actions":["removeInnerFrames(1)"]}
`;

describe('parseR8Mapping', () => {
  const index = parseR8Mapping(mapping);

  it('indexes classes by obfuscated name with their source file and synthesized mark', () => {
    expect(index.classes.get('a.a')).toMatchObject({
      original: 'com.patrol.app.Tracker',
      sourceFile: 'Tracker.kt',
      synthesized: false,
    });
    expect(index.classes.get('a.b')).toMatchObject({ synthesized: true, sourceFile: null });
    expect(index.sourceFileByOriginalClass.get('com.patrol.app.Tracker')).toBe('Tracker.kt');
    expect([...index.synthesizedOriginalClasses]).toEqual([
      'com.patrol.app.Tracker$$ExternalSyntheticLambda0',
    ]);
  });

  it('reads method lines with ranges, inlined owners and no line information; skips fields', () => {
    const methods = index.classes.get('a.a')!.methods;
    expect([...methods.keys()]).toEqual(['<init>', 'b', 'c']);
    expect(methods.get('<init>')).toEqual([
      {
        obfuscatedStart: 1,
        obfuscatedEnd: 3,
        originalClass: null,
        originalName: '<init>',
        originalStart: 12,
        originalEnd: 14,
        synthesized: false,
      },
    ]);
    const [inlined, caller] = methods.get('b')!;
    expect(inlined).toMatchObject({ originalClass: 'com.patrol.app.Util', originalName: 'check' });
    expect(caller).toMatchObject({ originalName: 'start', originalStart: 30, originalEnd: null });
    expect(caller!.rewrites).toEqual([
      { throws: ['Ljava/lang/NullPointerException;'], removeInnerFrames: 1 },
    ]);
    expect(methods.get('c')).toEqual([
      expect.objectContaining({ obfuscatedStart: null, originalName: 'name', originalStart: null }),
    ]);
  });

  it('keeps a rewrite rule it cannot read harmless', () => {
    const [run] = index.classes.get('a.b')!.methods.get('run')!;
    expect(run!.rewrites).toEqual([{ throws: [], removeInnerFrames: 0 }]);
  });
});
