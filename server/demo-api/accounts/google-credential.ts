import { z } from 'zod'

const claims = z.object({
  email: z.email(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  picture: z.url().optional(),
  exp: z.number().optional(),
})

export type GoogleProfile = { email: string; name?: string; picture?: string }

/**
 * Reads the profile out of a Google ID token (a JWT: header.payload.signature, base64url).
 *
 * The signature is NOT checked: that needs Google's public keys, and the demo has no network. A real upstream
 * must verify it (and the audience) before trusting any claim. The demo still refuses tokens that are not
 * JWTs, have no e-mail, have an unverified e-mail or have expired, so the front end's error path can be tried.
 */
export function readGoogleCredential(
  credential: string,
  nowSeconds: number,
): { ok: true; profile: GoogleProfile } | { ok: false; message: string } {
  const parts = credential.split('.')
  const payload = parts[1]
  if (parts.length !== 3 || !payload) return { ok: false, message: 'credential is not a JWT' }
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, message: 'credential payload is not JSON' }
  }
  const parsed = claims.safeParse(json)
  if (!parsed.success) return { ok: false, message: 'credential has no usable e-mail' }
  const { email, email_verified, name, picture, exp } = parsed.data
  if (email_verified === false) return { ok: false, message: 'the Google account e-mail is not verified' }
  if (exp !== undefined && exp < nowSeconds) return { ok: false, message: 'credential has expired' }
  return {
    ok: true,
    profile: { email: email.toLowerCase(), ...(name ? { name } : {}), ...(picture ? { picture } : {}) },
  }
}
