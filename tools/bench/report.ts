/** One line of the benchmark table. */
export interface Figure {
  /** The data set and database, e.g. "1x PostgreSQL". */
  config: string;
  name: string;
  value: string;
  goal: string;
  /** Undefined when the figure has no goal (it is reported for context). */
  pass?: boolean;
}

const mark = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? 'yes' : 'NO');

/** The figures as a markdown table, grouped by configuration. */
export function markdownTable(figures: readonly Figure[]): string {
  const lines = ['| data set | measure | figure | goal | met |', '|---|---|---|---|---|'];
  for (const figure of figures) {
    lines.push(
      `| ${figure.config} | ${figure.name} | ${figure.value} | ${figure.goal} | ${mark(figure.pass)} |`,
    );
  }
  return lines.join('\n');
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
