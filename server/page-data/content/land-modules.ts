import type {
  Align,
  LandButtonView,
  LandMedia,
  LandModuleView,
  LandVideoView,
} from '../../../shared/data/content-data.ts'
import { FORM_ITEM_TYPES, type FormItem, type LandModule } from '../../../shared/content-types.ts'
import type { Markdown } from '../markdown.ts'
import { safeLinkTarget, safeMediaUrl } from '../../../shared/rules/safe-url.ts'
import { isLoose, readChoice, readItems, readNumber, readObject, readText, readTexts, type Loose } from './readers.ts'

/**
 * Land module `data` (API.md "Land module data by type") → the typed view each module component
 * renders. Unusable entries (an image without a source, a code without text) are dropped here, so
 * components never have to second-guess the data.
 */

const ALIGNS: Record<1 | 2 | 3, Align> = { 1: 'start', 2: 'center', 3: 'end' }

function readAlign(data: Loose): Align {
  return ALIGNS[readChoice(data, 'align', [1, 2, 3] as const, 2)]
}

/** A Button (type 0 link, 1 hover, 2 popup, 3 favourite; style 1 primary, 2 secondary). */
function toButton(raw: Loose): LandButtonView | null {
  const text = readText(raw, 'text')
  if (text === '') return null
  const button: LandButtonView = {
    text,
    url: safeLinkTarget(raw.url),
    type: readChoice(raw, 'type', [0, 1, 2, 3] as const, 0),
    style: readChoice(raw, 'style', [1, 2] as const, 1),
    popupImage: safeMediaUrl(raw.popup_img),
  }
  // A button that would do nothing (a link without a target, a popup without an image) is left out.
  const inert =
    (button.type === 0 && button.url === null) ||
    (button.type === 1 && button.url === null && button.popupImage === null) ||
    (button.type === 2 && button.popupImage === null)
  return inert ? null : button
}

function toMedia(raw: Loose): LandMedia | null {
  const url = safeMediaUrl(raw.url)
  if (url === null) return null
  return { type: readChoice(raw, 'type', [1, 2] as const, 1) === 2 ? 'video' : 'image', url }
}

function toVideo(raw: Loose): LandVideoView | null {
  const videoUrl = safeMediaUrl(raw.video_url)
  if (videoUrl === null) return null
  return { videoUrl, poster: safeMediaUrl(raw.poster), title: readText(raw, 'title') }
}

/** One form item of upstream config, or null when it cannot be rendered or answered. */
export function toFormItem(raw: Loose): FormItem | null {
  const type = FORM_ITEM_TYPES.find((candidate) => candidate === raw.type)
  const field = readText(raw, 'field')
  const label = readText(raw, 'label')
  // A 'text' item only shows its label; every other item needs a field name to submit under.
  if (type === undefined || (type !== 'text' && !/^[A-Za-z0-9_.-]{1,64}$/.test(field))) return null
  const item: FormItem = { type, field, label }
  const placeholder = readText(raw, 'placeholder')
  if (placeholder) item.placeholder = placeholder
  if (readNumber(raw, 'required') === 1 || raw.required === true) item.required = 1
  const maxLength = readNumber(raw, 'max_length')
  if (maxLength !== null && maxLength > 0) item.max_length = Math.floor(maxLength)
  const options = readItems(raw, 'options')
    .map((option) => ({ label: readText(option, 'label'), value: readText(option, 'value') }))
    .filter((option) => option.value !== '')
    .map((option) => ({ label: option.label || option.value, value: option.value }))
  if (options.length > 0) item.options = options
  // A choice without choices cannot be answered; drop it rather than render an empty control.
  if (type === 'select' && options.length === 0) return null
  return item
}

export function definedItems<T>(items: (T | null)[]): T[] {
  return items.filter((item): item is T => item !== null)
}

type ModuleKind = LandModule['type']

/** What every shaper gets: the module's kind, the heading and id every view carries, its raw data. */
interface ShapeInput<K extends ModuleKind> {
  type: K
  base: { id: string; title: string; subtitle: string }
  data: Loose
  markdown: Markdown
}

/** Each module kind's shaper: its raw data → the view its component renders, or null when nothing would show. */
type Shapers = { [K in ModuleKind]: (input: ShapeInput<K>) => LandModuleView | null }

/** Converts one module; null when it has nothing to show. `posts` is loaded elsewhere (it needs the upstream). */
export function toModuleView(module: LandModule, markdown: Markdown): LandModuleView | null {
  const base = { id: module.id, title: module.title?.trim() ?? '', subtitle: module.subtitle?.trim() ?? '' }
  const data = isLoose(module.data) ? module.data : {}
  return shapeAs(module.type, { base, data, markdown })
}

function shapeAs<K extends ModuleKind>(type: K, input: Omit<ShapeInput<K>, 'type'>): LandModuleView | null {
  return SHAPERS[type]({ ...input, type })
}

function toOverview({
  type,
  base,
  data,
}: ShapeInput<'product_overview' | 'product_image_overview'>): LandModuleView | null {
  return {
    ...base,
    type,
    heading: readText(data, 'title'),
    description: readText(data, 'description'),
    align: readAlign(data),
    media: toMedia(readObject(data, 'resource')),
    buttons: definedItems(readItems(data, 'buttons', 6).map(toButton)),
  }
}

function toTitle({ base, data }: ShapeInput<'title'>): LandModuleView | null {
  return {
    ...base,
    type: 'title',
    heading: readText(data, 'title') || base.title,
    subheading: readText(data, 'subtitle') || base.subtitle,
    align: readAlign(data),
  }
}

function toImages({ type, base, data }: ShapeInput<'carousel' | 'image_list'>): LandModuleView | null {
  const items = readItems(data, 'items')
    .map((item) => ({
      image: safeMediaUrl(item.image),
      title: readText(item, 'title'),
      url: safeLinkTarget(item.url),
    }))
    .filter((item): item is { image: string; title: string; url: string | null } => item.image !== null)
  return items.length > 0 ? { ...base, type, items } : null
}

function toVideoModule({ base, data }: ShapeInput<'video'>): LandModuleView | null {
  const video = toVideo(data)
  return video ? { ...base, type: 'video', video } : null
}

function toVideoIntroduction({ base, data }: ShapeInput<'video_introduce'>): LandModuleView | null {
  const video = toVideo(data)
  // The title is the module's heading here; repeating it as the video caption would say it twice.
  return video
    ? {
        ...base,
        type: 'video_introduce',
        heading: readText(data, 'title'),
        description: readText(data, 'description'),
        video: { ...video, title: '' },
      }
    : null
}

function toVideoCarousel({ base, data }: ShapeInput<'video_carousel'>): LandModuleView | null {
  const items = definedItems(readItems(data, 'items').map(toVideo))
  return items.length > 0 ? { ...base, type: 'video_carousel', items } : null
}

function toSteps({ base, data }: ShapeInput<'step'>): LandModuleView | null {
  const items = readItems(data, 'items')
    .map((item) => ({
      title: readText(item, 'title'),
      description: readText(item, 'description'),
      image: safeMediaUrl(item.image),
    }))
    .filter((item) => item.title !== '' || item.description !== '')
  return items.length > 0 ? { ...base, type: 'step', items } : null
}

function toFaq({ base, data }: ShapeInput<'faq'>): LandModuleView | null {
  const items = readItems(data, 'items')
    .map((item) => ({ question: readText(item, 'question'), answer: readText(item, 'answer') }))
    .filter((item) => item.question !== '')
  return items.length > 0 ? { ...base, type: 'faq', items } : null
}

function toSocialLinks({ base, data }: ShapeInput<'social_media'>): LandModuleView | null {
  const items = readItems(data, 'items')
    .map((item) => ({ name: readText(item, 'name'), icon: safeMediaUrl(item.icon), url: safeLinkTarget(item.url) }))
    .filter((item): item is { name: string; icon: string | null; url: string } => item.name !== '' && item.url !== null)
  return items.length > 0 ? { ...base, type: 'social_media', items } : null
}

function toCodes({ type, base, data }: ShapeInput<'useful_code' | 'invalid_code'>): LandModuleView | null {
  const items = readItems(data, 'items')
    .map((item) => ({
      code: readText(item, 'code'),
      description: readText(item, 'description'),
      expiresAt: readNumber(item, 'expires_at'),
    }))
    .filter((item) => item.code !== '')
  return items.length > 0 ? { ...base, type, items } : null
}

function toStrengths({ type, base, data }: ShapeInput<'superiority' | 'superiority_image'>): LandModuleView | null {
  const items = readItems(data, 'items')
    .map((item) => ({
      title: readText(item, 'title'),
      description: readText(item, 'description'),
      icon: safeMediaUrl(item.icon),
      image: safeMediaUrl(item.image),
    }))
    .filter((item) => item.title !== '')
  return items.length > 0 ? { ...base, type, items } : null
}

function toComments({ base, data }: ShapeInput<'comment'>): LandModuleView | null {
  const items = readItems(data, 'items')
    .map((item) => {
      const rating = readNumber(item, 'rating')
      return {
        avatar: safeMediaUrl(item.avatar),
        name: readText(item, 'name'),
        content: readText(item, 'content'),
        rating: rating === null ? null : Math.min(5, Math.max(0, Math.round(rating))),
      }
    })
    .filter((item) => item.content !== '')
  return items.length > 0 ? { ...base, type: 'comment', items } : null
}

function toPrices({ base, data }: ShapeInput<'price'>): LandModuleView | null {
  const plans = readItems(data, 'plans', 12)
    .map((plan) => ({
      name: readText(plan, 'name'),
      price: readText(plan, 'price'),
      unit: readText(plan, 'unit'),
      description: readText(plan, 'description'),
      features: readTexts(plan, 'features'),
      button: toButton(readObject(plan, 'button')),
    }))
    .filter((plan) => plan.name !== '')
  return plans.length > 0 ? { ...base, type: 'price', plans } : null
}

function toForm({ base, data }: ShapeInput<'form'>): LandModuleView | null {
  const formId = readText(data, 'form_id')
  const items = definedItems(readItems(data, 'items', 50).map(toFormItem))
  if (formId === '' || items.length === 0) return null
  return {
    ...base,
    type: 'form',
    formId,
    items,
    resultPosition: readChoice(data, 'result_position', [0, 1] as const, 0),
    submitText: readText(data, 'submit_text'),
    resultText: readText(data, 'result_text'),
  }
}

function toHtml({ base, data, markdown }: ShapeInput<'html'>): LandModuleView | null {
  const html = markdown.sanitizeRichText(readText(data, 'html'))
  return html.trim() === '' ? null : { ...base, type: 'html', html }
}

const SHAPERS: Shapers = {
  product_overview: toOverview,
  product_image_overview: toOverview,
  title: toTitle,
  carousel: toImages,
  image_list: toImages,
  video: toVideoModule,
  video_introduce: toVideoIntroduction,
  video_carousel: toVideoCarousel,
  step: toSteps,
  faq: toFaq,
  social_media: toSocialLinks,
  useful_code: toCodes,
  invalid_code: toCodes,
  superiority: toStrengths,
  superiority_image: toStrengths,
  comment: toComments,
  price: toPrices,
  form: toForm,
  html: toHtml,
  // Loaded by shape-land.ts, which knows how to call the upstream.
  posts: () => null,
}
