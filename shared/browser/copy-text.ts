/**
 * Puts `text` on the clipboard; answers whether it worked. The async clipboard API needs a secure
 * context and is missing from some in-app browsers, so the old selection copy is the fallback.
 * Browser only: call from a click handler (both ways need a user gesture).
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text)
      return true
    } catch {
      // Denied or unavailable: try the selection copy below.
    }
  }
  const field = document.createElement('textarea')
  field.value = text
  field.setAttribute('readonly', '')
  field.style.position = 'fixed'
  field.style.opacity = '0'
  document.body.append(field)
  field.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    field.remove()
  }
}
