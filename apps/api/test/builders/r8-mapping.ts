// A hand-written mapping of the patrol app and a stack obfuscated by it, with its readable form:
// inlined methods across classes, line ranges, a synthesized $r8$lambda$ method, a synthetic
// $$ExternalSyntheticLambda0 class, source-file records and a Caused by: chain.

export const patrolMapping = `# compiler: R8
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

export const obfuscatedStack = `java.lang.IllegalStateException: shift missing
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

export const readableStack = `java.lang.IllegalStateException: shift missing
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
