import type { ClusterRecommendation, HealthRecommendation } from '@patrol/contracts';
import { CheckCircle2Icon, LightbulbIcon } from 'lucide-react';
import { Panel, PanelSkeleton, PanelUnavailable } from '@/features/system/components/panel-parts';
import { healthIssueLabels } from '@/features/system/lib/system-events';

/** The panel lists 3 at most (spec 2 section 2.6). */
export const recommendationsShown = 3;

type Recommendation = { id: string; topic: string; text: string };

/** The health answer's recommendations first, then the cluster's about single processes. */
export function combineRecommendations(
  health: readonly HealthRecommendation[],
  cluster: readonly ClusterRecommendation[],
): Recommendation[] {
  return [
    ...health.map((item) => ({
      id: `health-${item.key}`,
      topic: healthIssueLabels[item.key],
      text: item.message,
    })),
    ...cluster.map((item, index) => ({
      id: `cluster-${index}`,
      topic: item.worker ? `${item.issue} (${item.worker})` : item.issue,
      text: item.action,
    })),
  ].slice(0, recommendationsShown);
}

type RecommendationsPanelProps = {
  health: readonly HealthRecommendation[] | undefined;
  cluster: readonly ClusterRecommendation[] | undefined;
  /** Both calls failed with nothing loaded: why. */
  error?: string | null;
};

/** Recommendations: what to do about the raised issues, 3 at most. */
export function RecommendationsPanel({ health, cluster, error }: RecommendationsPanelProps) {
  const loaded = health !== undefined || cluster !== undefined;
  const items = combineRecommendations(health ?? [], cluster ?? []);
  return (
    <Panel title="Recommendations" icon={LightbulbIcon}>
      {!loaded ? (
        error ? (
          <PanelUnavailable message={error} />
        ) : (
          <PanelSkeleton rows={3} />
        )
      ) : items.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-green-700">
          <CheckCircle2Icon aria-hidden="true" className="size-4" />
          Nothing to do: the system runs within its thresholds.
        </p>
      ) : (
        <ul aria-label="Recommendations" className="space-y-2.5">
          {items.map((item) => (
            <li key={item.id} className="text-sm">
              <span className="block font-medium">{item.topic}</span>
              <span className="text-muted-foreground">{item.text}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
