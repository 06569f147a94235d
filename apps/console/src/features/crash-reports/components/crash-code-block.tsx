/** A scrollable, focusable block of code (a stack trace, a report's JSON) with its name. */
export function CrashCodeBlock({ children, label }: { children: string; label: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-64 overflow-auto rounded-md border bg-muted/50 p-3 font-mono text-xs whitespace-pre"
    >
      {children}
    </pre>
  );
}
