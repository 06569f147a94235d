import type { AgingBuckets, ReportBusinessSection, ReportPaymentsSection } from '@patrol/contracts';
import { agingBucketLabels, formatMoney, humanise } from '@patrol/domain';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

// Charts of the reports tab; recharts arrives with this file only, when the tab is opened.

const palette = [
  '#2563eb',
  '#16a34a',
  '#f59e0b',
  '#dc2626',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#64748b',
];
const moneyTick = (value: number) =>
  value >= 1000
    ? `${(value / 1000).toLocaleString('en-MY', { maximumFractionDigits: 1 })}k`
    : String(value);
const moneyTooltip = (value: unknown) => formatMoney(Number(value));

/** Invoiced and collected over the period, per day or month. */
export function RevenueTrendChart({ trend }: { trend: ReportBusinessSection['revenueTrend'] }) {
  return (
    <figure aria-label="Revenue over time" className="h-64">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={trend} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
          <XAxis dataKey="period" tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis tickFormatter={moneyTick} tick={{ fontSize: 12 }} width={48} />
          <Tooltip formatter={moneyTooltip} />
          <Legend />
          <Line
            type="monotone"
            dataKey="invoiced"
            name="Invoiced"
            stroke={palette[0]}
            dot={false}
            strokeWidth={2}
          />
          <Line
            type="monotone"
            dataKey="collected"
            name="Collected"
            stroke={palette[1]}
            dot={false}
            strokeWidth={2}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Payments by method as shares of the period's payments. */
export function MethodBreakdownChart({
  methods,
}: {
  methods: ReportPaymentsSection['methodBreakdown'];
}) {
  const data = methods.map((row) => ({ name: humanise(row.method), value: row.amount }));
  return (
    <figure aria-label="Payment methods" className="h-64">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            innerRadius="50%"
            outerRadius="80%"
            paddingAngle={2}
          >
            {data.map((row, index) => (
              <Cell key={row.name} fill={palette[index % palette.length]} />
            ))}
          </Pie>
          <Tooltip formatter={moneyTooltip} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Outstanding per aging bucket; the older the bucket, the warmer its colour. */
export function AgingChart({ buckets }: { buckets: AgingBuckets }) {
  const colours = ['#16a34a', '#f59e0b', '#ea580c', '#dc2626'];
  const data = (Object.keys(agingBucketLabels) as (keyof AgingBuckets)[]).map((name) => ({
    name: agingBucketLabels[name],
    amount: buckets[name].amount,
  }));
  return (
    <figure aria-label="Outstanding by days past due" className="h-64">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-muted" />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={moneyTick} tick={{ fontSize: 12 }} width={48} />
          <Tooltip formatter={moneyTooltip} />
          <Bar dataKey="amount" name="Outstanding" radius={[4, 4, 0, 0]}>
            {data.map((row, index) => (
              <Cell key={row.name} fill={colours[index]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** The document pipeline of the period: quotations, invoices, payments, receipts. */
export function PipelineChart({ stages }: { stages: { name: string; value: number }[] }) {
  return (
    <figure aria-label="Pipeline" className="h-56">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={stages}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 0, left: 16 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} className="stroke-muted" />
          <XAxis type="number" tickFormatter={moneyTick} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="name" tick={{ fontSize: 12 }} width={80} />
          <Tooltip formatter={moneyTooltip} />
          <Bar dataKey="value" name="Value" fill={palette[0]} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
