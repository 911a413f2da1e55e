import type { Registry } from 'prom-client'
import { createSeriesTable, type Labels, type ListedSeries, type RegistryEntry, registerEntry } from './series-table.ts'

/** One series of a counter. */
export interface CounterSeries extends ListedSeries {
  value: number
}

/** What prom-client's Counter `get()` returns. */
interface CounterSnapshot {
  help: string
  name: string
  type: 'counter' | 'histogram'
  values: { value: number; labels: Labels }[]
  aggregator: 'sum'
}

/** A counter kept as plain numbers: each series is found once, then counted with `countOne`. */
export interface PlainCounter {
  series(values: readonly string[]): CounterSeries
}

/** Counts one: the first since a reset lists the series, so `/metrics` writes it from then on. */
export function countOne(series: CounterSeries): void {
  if (series.value === 0) series.listed.push(series)
  series.value += 1
}

/**
 * A labelled counter written to `/metrics` exactly as prom-client's Counter (lib/counter.js) writes
 * one counted the same way: its `get()` has the same shape, field order included.
 */
export function createPlainCounter(
  definition: { name: string; help: string; labels?: readonly string[] },
  registry: Registry,
): PlainCounter {
  const table = createSeriesTable<CounterSeries>(
    definition.labels ?? [],
    (labels, listed) => ({ labels, listed, value: 0 }),
    (series) => {
      series.value = 0
    },
  )
  const entry: RegistryEntry<CounterSnapshot> = {
    name: definition.name,
    help: definition.help,
    type: 'counter',
    aggregator: 'sum',
    get: () =>
      Promise.resolve({
        help: entry.help,
        name: entry.name,
        type: entry.type,
        values: table.listed.map((series) => ({ value: series.value, labels: series.labels })),
        aggregator: entry.aggregator,
      }),
    reset: table.reset,
  }
  registerEntry(registry, entry)
  return { series: table.find }
}
