/**
 * Whether a re-render's status says the page is no more: gone (404, 410) or moved (a redirect).
 * After a purge such an answer takes the old copy down; a 5xx or a timeout says nothing of the page
 * (the upstream may be down), so the stale copy stays for those.
 */
export function isTakedown(status: number): boolean {
  return status === 404 || status === 410 || (status >= 300 && status < 400 && status !== 304)
}
