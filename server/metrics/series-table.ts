import type { Metric, Registry } from 'prom-client'

/** One series' label values by label name, in the metric's label order: the order `/metrics` writes them in. */
export type Labels = Readonly<Record<string, string>>

/** A series that lists itself in its table once first observed after a reset. */
export interface ListedSeries {
  readonly labels: Labels
  /** Its table's series observed since the last reset, in the order they were first observed. */
  readonly listed: ListedSeries[]
}

/** One metric's series, each made once per label set and kept for good: a reset zeroes it in place. */
export interface SeriesTable<Series extends ListedSeries> {
  /** The series of these label values (in the metric's label order), made on first use. */
  find(values: readonly string[]): Series
  /** The series observed since the last reset, in the order first observed. */
  readonly listed: readonly Series[]
  reset(): void
}

/**
 * prom-client lists a metric's series in the order they were first observed since its last reset,
 * and a series never observed not at all; `listed` keeps that order. Series stay in `find`'s map
 * across resets, so a caller may hold one for good.
 */
export function createSeriesTable<Series extends ListedSeries>(
  labelNames: readonly string[],
  make: (labels: Labels, listed: Series[]) => Series,
  zero: (series: Series) => void,
): SeriesTable<Series> {
  // prom-client writes an unlabelled counter as 0 before its first count: not what a table writes.
  if (labelNames.length === 0) throw new TypeError('a series table is for labelled metrics')
  const byValues = new Map<string, Series>()
  const listed: Series[] = []
  return {
    find(values) {
      // Once per label set a caller looks up, never per observation: JSON keeps any two sets apart.
      const key = JSON.stringify(values)
      let series = byValues.get(key)
      if (series === undefined) {
        series = make(Object.fromEntries(labelNames.map((name, i) => [name, values[i] ?? ''])), listed)
        byValues.set(key, series)
      }
      return series
    },
    listed,
    reset() {
      for (const series of byValues.values()) zero(series)
      listed.length = 0
    },
  }
}

/**
 * What prom-client's Registry reads of a metric (node_modules/prom-client/lib/registry.js): `name`
 * and `type`, `get()` for `getMetricsAsJSON`, `getForPromString()` when present (else `get()`) for
 * the text, `reset()` for `resetMetrics`, `aggregator` for a cluster's merge.
 */
export interface RegistryEntry<Snapshot> {
  name: string
  readonly help: string
  readonly type: 'counter' | 'histogram'
  readonly aggregator: 'sum'
  get(): Promise<Snapshot>
  getForPromString?(): Promise<Snapshot>
  reset(): void
}

/** Adds an entry to the registry, beside prom-client's own metrics and in the order registered. */
export function registerEntry<Snapshot>(registry: Registry, entry: RegistryEntry<Snapshot>): void {
  // prom-client types registerMetric as taking its own classes, though the registry reads no more
  // of them than RegistryEntry names.
  registry.registerMetric(entry as unknown as Metric)
}
