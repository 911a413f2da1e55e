export declare const SYSTEM_DEPS: ReadonlyArray<{ path: string; pkg: string }>

export type SystemDepsPlan =
  | { action: 'none' }
  | { action: 'install'; commands: string[][] }
  | { action: 'stop'; message: string }

export declare function systemDepsPlan(facts: {
  missing: string[]
  isRoot: boolean
  hasAptGet: boolean
}): SystemDepsPlan
