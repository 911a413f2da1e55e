/** True for `application/json` and `application/*+json`, with or without parameters. */
export function isJsonContentType(value: string | null | undefined): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)
}
