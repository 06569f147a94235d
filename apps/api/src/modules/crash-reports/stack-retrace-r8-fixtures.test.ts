import { describe, expect, it } from 'vitest';
import { parseR8Mapping } from './r8-mapping.parser';
import { retraceStack } from './stack-retrace';

function retrace(mapping: string, stack: string): string {
  return retraceStack(parseR8Mapping(mapping), stack).readable;
}

// Fixtures below come from getsentry/rust-proguard tests/r8-inline.rs and tests/r8-synthetic.rs,
// which port R8's own retrace test suite (src/test/java/com/android/tools/r8/retrace/stacktraces/).
describe('retraceStack on R8 retrace test fixtures', () => {
  it('InlineWithLineNumbersStackTrace: a four-deep inline chain', () => {
    const mapping = `com.android.tools.r8.naming.retrace.Main -> com.android.tools.r8.naming.retrace.Main:
    1:1:void main(java.lang.String[]):101:101 -> main
    2:4:void method1(java.lang.String):94:96 -> main
    2:4:void main(java.lang.String[]):102 -> main
    5:5:void method2(int):86:86 -> main
    5:5:void method1(java.lang.String):96 -> main
    5:5:void main(java.lang.String[]):102 -> main
    6:7:void method3(long):80:81 -> main
    6:7:void method2(int):88 -> main
    6:7:void method1(java.lang.String):96 -> main
    6:7:void main(java.lang.String[]):102 -> main`;
    const stack = `Exception in thread "main" java.lang.NullPointerException
\tat com.android.tools.r8.naming.retrace.Main.main(InliningRetraceTest.java:7)`;
    expect(retrace(mapping, stack)).toBe(`Exception in thread "main" java.lang.NullPointerException
\tat com.android.tools.r8.naming.retrace.Main.method3(Main.java:81)
\tat com.android.tools.r8.naming.retrace.Main.method2(Main.java:88)
\tat com.android.tools.r8.naming.retrace.Main.method1(Main.java:96)
\tat com.android.tools.r8.naming.retrace.Main.main(Main.java:102)`);
  });

  it('SyntheticLambdaMethodStackTrace: the synthesized lambda frame is dropped, as R8 expects', () => {
    const mapping = `# {"id":"com.android.tools.r8.mapping","version":"1.0"}
example.Main -> example.Main:
    1:1:void main(java.lang.String[]):123 -> main
example.Foo -> a.a:
    5:5:void lambda$main$0():225 -> a
    3:3:void runIt():218 -> b
    2:2:void main():223 -> c
example.Foo$$ExternalSyntheticLambda0 -> a.b:
    void run(example.Foo) -> a
      # {'id':'com.android.tools.r8.synthesized'}`;
    const stack = `Exception in thread "main" java.lang.NullPointerException
  at a.a.a(a.java:5)
  at a.b.a(Unknown Source)
  at a.a.b(a.java:3)
  at a.a.c(a.java:2)
  at example.Main.main(Main.java:1)`;
    expect(retrace(mapping, stack)).toBe(`Exception in thread "main" java.lang.NullPointerException
  at example.Foo.lambda$main$0(Foo.java:225)
  at example.Foo.runIt(Foo.java:218)
  at example.Foo.main(Foo.java:223)
  at example.Main.main(Main.java:123)`);
  });
});

// From rust-proguard tests/r8-line-number-handling.rs (R8's line-number-handling fixtures).
// Where R8 prints alternatives with `<OR>`, so does this retracer (rust-proguard lists them plainly).
describe('retraceStack on R8 line-number fixtures', () => {
  it('NoObfuscationRangeMappingWithStackTrace: method lines without an obfuscated range', () => {
    const mapping = `com.android.tools.r8.naming.retrace.Main -> foo:
    void foo(long):1:1 -> a
    void bar(int):3 -> b
    void baz():0:0 -> c
    void main(java.lang.String[]):0 -> d`;
    const stack = `\tat foo.a(Bar.dummy:0)
\tat foo.b(Foo.dummy:2)
\tat foo.c(Baz.dummy:8)
\tat foo.d(Qux.dummy:7)`;
    expect(retrace(mapping, stack))
      .toBe(`\tat com.android.tools.r8.naming.retrace.Main.foo(Main.java:1)
\tat com.android.tools.r8.naming.retrace.Main.bar(Main.java:3)
\tat com.android.tools.r8.naming.retrace.Main.baz(Main.java)
\tat com.android.tools.r8.naming.retrace.Main.main(Main.java)`);
  });

  it('ObfuscatedRangeToSingleLineStackTrace: a range mapped onto one line, inlined or not', () => {
    const mapping = `foo.bar.Baz -> a:
    1:10:void qux():27:27 -> a
    11:15:void qux():42 -> a
    1337:1400:void foo.bar.Baz.quux():113:113 -> b
    1337:1400:void quuz():72 -> b`;
    const stack = `  at a.a(:8)
  at a.a(:13)
  at a.b(:1399)`;
    expect(retrace(mapping, stack)).toBe(`  at foo.bar.Baz.qux(Baz.java:27)
  at foo.bar.Baz.qux(Baz.java:42)
  at foo.bar.Baz.quux(Baz.java:113)
  at foo.bar.Baz.quuz(Baz.java:72)`);
  });

  it('DifferentLineNumberSpanStackTrace: each line of an original span is an alternative', () => {
    const mapping = `com.android.tools.r8.naming.retrace.Main -> a:
    void method1(java.lang.String):42:44 -> a`;
    expect(retrace(mapping, '\tat a.a(Unknown Source:1)'))
      .toBe(`\tat com.android.tools.r8.naming.retrace.Main.method1(Main.java:42)
\t<OR> at com.android.tools.r8.naming.retrace.Main.method1(Main.java:43)
\t<OR> at com.android.tools.r8.naming.retrace.Main.method1(Main.java:44)`);
  });

  it('PreambleLineNumberStackTrace: a Kotlin facade class gets its .kt file', () => {
    const mapping = `kotlin.ResultKt -> kotlin.t:
    1:1:void createFailure(java.lang.Throwable):122:122 -> a
    2:2:void createFailure(java.lang.Throwable):124:124 -> a`;
    const stack = `  at kotlin.t.a(SourceFile)
  at kotlin.t.a(SourceFile:1)
  at kotlin.t.a(SourceFile:2)`;
    expect(retrace(mapping, stack)).toBe(`  at kotlin.ResultKt.createFailure(Result.kt)
  at kotlin.ResultKt.createFailure(Result.kt:122)
  at kotlin.ResultKt.createFailure(Result.kt:124)`);
  });
});

// From rust-proguard tests/r8-inline.rs and src/mapper.rs (R8's rewriteFrame fixtures).
describe('retraceStack with rewriteFrame rules', () => {
  const npeMapping = `# {"id":"com.android.tools.r8.mapping","version":"2.2"}
foo.Class -> A:
    1:5:void inlinable():90:90 -> a
    1:5:void caller():97 -> a
      # {"id":"com.android.tools.r8.rewriteFrame","conditions":["throws(Ljava/lang/NullPointerException;)"],"actions":["removeInnerFrames(1)"]}
    1:5:void outerCaller():107 -> a
    1:1:void main():111:111 -> main`;

  it('InlineRemoveFrameJava17StackTrace: the inlined null check is removed under its NPE', () => {
    const stack = `java.lang.NullPointerException
\tat A.a(SourceFile:1)
\tat A.main(SourceFile:1)`;
    expect(retrace(npeMapping, stack)).toBe(`java.lang.NullPointerException
\tat foo.Class.caller(Class.java:97)
\tat foo.Class.outerCaller(Class.java:107)
\tat foo.Class.main(Class.java:111)`);
  });

  it('keeps every frame when the exception is another type or the frame is not the first', () => {
    const stack = `java.lang.IllegalStateException: Boom
\tat A.main(SourceFile:1)
\tat A.a(SourceFile:1)`;
    expect(retrace(npeMapping, stack)).toBe(`java.lang.IllegalStateException: Boom
\tat foo.Class.main(Class.java:111)
\tat foo.Class.inlinable(Class.java:90)
\tat foo.Class.caller(Class.java:97)
\tat foo.Class.outerCaller(Class.java:107)`);
  });
});

// From rust-proguard tests/r8-inline.rs (R8's InlineInOutlineStackTrace).
describe('retraceStack with outlines', () => {
  it('InlineInOutlineStackTrace: the outline frame is folded into its call site', () => {
    const mapping = `# {"id":"com.android.tools.r8.mapping","version":"2.0"}
outline.Class -> a:
    1:2:int outline():0 -> a
# {"id":"com.android.tools.r8.outline"}
some.Class -> b:
    1:1:void foo.bar.Baz.qux():42:42 -> s
    4:5:int foo.bar.baz.outlineCaller(int):98:99 -> s
    4:5:int outlineCaller(int):24 -> s
    27:27:int outlineCaller(int):0:0 -> s
# {"id":"com.android.tools.r8.outlineCallsite","positions":{"1":4,"2":5}}`;
    const stack = `java.io.IOException: INVALID_SENDER
\tat a.a(:2)
\tat b.s(:27)`;
    expect(retrace(mapping, stack)).toBe(`java.io.IOException: INVALID_SENDER
\tat foo.bar.baz.outlineCaller(baz.java:99)
\tat some.Class.outlineCaller(Class.java:24)`);
  });
});

// From rust-proguard tests/r8-ambiguous.rs (R8's AmbiguousStackTrace and
// AmbiguousMissingLineStackTrace), printed with `<OR>` as R8 prints them.
describe('retraceStack with ambiguous methods', () => {
  const mapping = `com.android.tools.r8.R8 -> a.a:
    void foo(int) -> a
    void bar(int, int) -> a`;

  it('AmbiguousStackTrace: every candidate, without a line', () => {
    const stack = `com.android.tools.r8.CompilationException: foo[parens](Source:3)
    at a.a.a(Unknown Source)
    at com.android.tools.r8.R8.main(Unknown Source)
Caused by: com.android.tools.r8.CompilationException: foo[parens](Source:3)
    at a.a.a(Unknown Source)
    ... 42 more`;
    expect(retrace(mapping, stack))
      .toBe(`com.android.tools.r8.CompilationException: foo[parens](Source:3)
    at com.android.tools.r8.R8.foo(R8.java)
    <OR> at com.android.tools.r8.R8.bar(R8.java)
    at com.android.tools.r8.R8.main(Unknown Source)
Caused by: com.android.tools.r8.CompilationException: foo[parens](Source:3)
    at com.android.tools.r8.R8.foo(R8.java)
    <OR> at com.android.tools.r8.R8.bar(R8.java)
    ... 42 more`);
  });

  it('AmbiguousMissingLineStackTrace: methods without line information keep the frame line', () => {
    expect(retrace(mapping, '    at a.a.a(Unknown Source:7)'))
      .toBe(`    at com.android.tools.r8.R8.foo(R8.java:7)
    <OR> at com.android.tools.r8.R8.bar(R8.java:7)`);
  });
});
