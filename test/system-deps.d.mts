export declare function systemDeps(arch: string): { path: string; pkg: string; executable: boolean }[]

export type SystemDepsPlan =
  | { action: 'none' }
  | { action: 'install'; commands: string[][] }
  | { action: 'stop'; message: string }

export declare function systemDepsPlan(facts: {
  missing: string[]
  isRoot: boolean
  hasAptGet: boolean
}): SystemDepsPlan
