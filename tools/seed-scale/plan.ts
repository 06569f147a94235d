/** How much of everything a scale seeds: scale 1 is the provider-scale data set of issue 9. */
export interface ScalePlan {
  scale: number;
  clients: number;
  /** Licences come out near this figure: client sizes are drawn from a skewed spread. */
  licences: number;
  activities: number;
  staff: number;
  /** Billing over three years: products and quotations (six in ten become invoices). */
  products: number;
  quotations: number;
  /** Crash reports over 90 days in a few hundred groups, from the bound devices. */
  crashReports: number;
  crashGroups: number;
}

export function scalePlan(scale: number): ScalePlan {
  return {
    scale,
    clients: Math.max(10, Math.round(5_000 * scale)),
    licences: Math.round(500_000 * scale),
    activities: Math.round(1_000_000 * scale),
    staff: 20,
    products: Math.max(50, Math.round(5_000 * scale)),
    quotations: Math.max(100, Math.round(125_000 * scale)),
    crashReports: Math.max(1_000, Math.round(100_000 * scale)),
    crashGroups: Math.max(30, Math.round(300 * Math.min(1, scale * 3))),
  };
}

/** The database a scale is seeded into on a server, so it never meets dev data. */
export function scaleDatabaseName(scale: number): string {
  return `patrol_scale_${String(scale).replace('.', '_')}x`;
}

/** The device token the seed gives the bound licence with `key`: benchmarks send it. */
export function scaleDeviceToken(key: string): string {
  return `scale-device-${key}`;
}
