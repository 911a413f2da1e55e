import type { Registry } from 'prom-client'
import { createSeriesTable, type Labels, type ListedSeries, type RegistryEntry, registerEntry } from './series-table.ts'

/** One series of a histogram. */
export interface HistogramSeries extends ListedSeries {
  /** The histogram's upper bounds, shared by its series. */
  readonly bounds: readonly number[]
  /** Observations per bucket, not cumulative: each in the first bucket whose bound is at or above it, none above the last. */
  readonly buckets: Float64Array
  sum: number
  count: number
}

/** A histogram kept as plain numbers: each series is found once, then observed with `observeOne`. */
export interface PlainHistogram {
  series(values: readonly string[]): HistogramSeries
}

/** One line of the text as prom-client's Histogram hands it to the registry (lib/histogram.js `setValuePair`). */
interface TextValue {
  labels: { le?: number | '+Inf' }
  sharedLabels: Labels
  value: number
  metricName: string
  exemplar: null | undefined
}

/** What prom-client's Histogram `get()` and `getForPromString()` return. */
interface HistogramSnapshot<Value> {
  name: string
  help: string
  type: 'counter' | 'histogram'
  values: Value[]
  aggregator: 'sum'
}

/**
 * Observes one value, as prom-client does: the value is added to the sum as it comes (the same
 * float, in the same order), and a value above the last bound is counted only in `+Inf`.
 */
export function observeOne(series: HistogramSeries, value: number): void {
  if (series.count === 0) series.listed.push(series)
  const { bounds, buckets } = series
  for (let i = 0; i < bounds.length; i++) {
    if (value <= (bounds[i] as number)) {
      buckets[i] = (buckets[i] as number) + 1
      break
    }
  }
  series.sum += value
  series.count += 1
}

/** The lines of each series: cumulative buckets, `+Inf`, `_sum`, `_count` (lib/histogram.js `extractBucketValuesForExport`). */
function toTextValues(name: string, listed: readonly HistogramSeries[]): TextValue[] {
  const values: TextValue[] = []
  for (const series of listed) {
    const sharedLabels = series.labels
    const metricName = `${name}_bucket`
    let below = 0
    series.bounds.forEach((le, i) => {
      below += series.buckets[i] as number
      values.push({ labels: { le }, sharedLabels, value: below, metricName, exemplar: null })
    })
    values.push(
      { labels: { le: '+Inf' }, sharedLabels, value: series.count, metricName, exemplar: null },
      { labels: {}, sharedLabels, value: series.sum, metricName: `${name}_sum`, exemplar: undefined },
      { labels: {}, sharedLabels, value: series.count, metricName: `${name}_count`, exemplar: undefined },
    )
  }
  return values
}

/**
 * A labelled histogram written to `/metrics` exactly as prom-client's Histogram (lib/histogram.js)
 * writes one observed the same way: the same bounds in the same order, `le` written from the same
 * numbers, and `get()` with its series' labels folded into each line's as prom-client's are.
 */
export function createPlainHistogram(
  definition: { name: string; help: string; labels?: readonly string[]; buckets: readonly number[] },
  registry: Registry,
): PlainHistogram {
  const bounds = [...definition.buckets]
  const table = createSeriesTable<HistogramSeries>(
    definition.labels ?? [],
    (labels, listed) => ({ labels, listed, bounds, buckets: new Float64Array(bounds.length), sum: 0, count: 0 }),
    (series) => {
      series.buckets.fill(0)
      series.sum = 0
      series.count = 0
    },
  )
  const snapshot = <Value>(values: Value[]): HistogramSnapshot<Value> => ({
    name: entry.name,
    help: entry.help,
    type: entry.type,
    values,
    aggregator: entry.aggregator,
  })
  const entry: RegistryEntry<HistogramSnapshot<unknown>> = {
    name: definition.name,
    help: definition.help,
    type: 'histogram',
    aggregator: 'sum',
    getForPromString: () => Promise.resolve(snapshot(toTextValues(entry.name, table.listed))),
    get: () =>
      Promise.resolve(
        snapshot(
          toTextValues(entry.name, table.listed).map(({ labels, sharedLabels, ...line }) => ({
            ...line,
            labels: { ...labels, ...sharedLabels },
          })),
        ),
      ),
    reset: table.reset,
  }
  registerEntry(registry, entry)
  return { series: table.find }
}
