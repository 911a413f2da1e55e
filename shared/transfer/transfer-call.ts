import { ApiCallError, postApi } from '../api/post-api.ts'
import { toTransferOutcome, type TransferOutcome } from './transfer-rules.ts'

/**
 * Saves a share link to the site's drive (`/v1/local_resource_save` through the API proxy): the new
 * link, or a failure said in words when the API refuses or cannot be reached.
 */
export async function saveToDrive(link: { url: string; cookie_id: string; doc_id: string }): Promise<TransferOutcome> {
  try {
    return toTransferOutcome(await postApi('local_resource_save', { ...link, filter_words: [] }))
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error
    return { kind: 'failed', message: 'transferFailed' }
  }
}
