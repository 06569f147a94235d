/** One line of the benchmark table. */
export interface Figure {
  /**
   * Names the measure across data sets and runs (e.g. "clients.varied"), so a row is matched to
   * its 1/10 counterpart however its name changes with the data set's size.
   */
  id: string;
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
  const lines = ['| data set | id | measure | figure | goal | met |', '|---|---|---|---|---|---|'];
  for (const figure of figures) {
    lines.push(
      `| ${figure.config} | \`${figure.id}\` | ${figure.name} | ${figure.value} | ${figure.goal} | ${mark(figure.pass)} |`,
    );
  }
  return lines.join('\n');
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
