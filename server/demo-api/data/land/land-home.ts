import type { LandModule, LandPageConfig } from '../../../../shared/content-types.ts'
import { CONTACT_FORM } from './land-contact-form.ts'
import { LAND_TESTIMONIALS } from './land-testimonials.ts'
import { DAY } from '../common.ts'
import { demoClip, icon, qrPlaceholder, screenshot } from '../media.ts'

// Two short clips served by the demo API itself, so the videos play offline; each has its first frame as poster.
const CLIP = demoClip(0)
const CLIP_2 = demoClip(1)

const mod = (
  id: string,
  type: LandModule['type'],
  data: Record<string, unknown>,
  extra: Partial<LandModule> = {},
): LandModule => ({
  id,
  type,
  is_show: 1,
  ...extra,
  data,
})

/** The home page of the demo landing site, in the order a product page tells its story. */
export function landHomeConfig(now: number): LandPageConfig {
  return {
    theme: 1,
    banner_style: 0,
    modules: [...introduction(), ...features(), ...offer(now), ...conversation()],
  }
}

/** What the product is, why people choose it, and a tour. */
function introduction(): LandModule[] {
  return [
    mod('m01', 'product_overview', {
      title: 'Notes that stay out of your way',
      description:
        'Lumen Notes keeps everything on your device, syncs it end-to-end encrypted and publishes any page with one click.',
      align: 1,
      resource: { type: 1, url: screenshot('Lumen Notes') },
      buttons: [
        { text: 'Download free', url: '#pricing', type: 0, style: 1 },
        { text: 'Get the mobile app', url: '', type: 1, style: 2, popup_img: qrPlaceholder('lumen-app') },
      ],
    }),
    mod('m02', 'title', {
      title: 'Why people switch to Lumen',
      subtitle: 'Fast on a ten-year-old laptop, private by default.',
      align: 2,
    }),
    mod('m03', 'superiority', {
      items: [
        {
          title: 'Offline first',
          description: 'Write on a plane. Sync resumes when you land.',
          icon: icon('⚡', '#ca8a04'),
        },
        {
          title: 'End-to-end encrypted',
          description: 'Only your devices hold the keys.',
          icon: icon('🔒', '#16a34a'),
        },
        {
          title: 'Plain Markdown',
          description: 'Your notes are files you can open anywhere.',
          icon: icon('MD', '#4f46e5'),
        },
        {
          title: 'One-click publish',
          description: 'Share a page as a website, take it down just as fast.',
          icon: icon('↗', '#db2777'),
        },
      ],
    }),
    mod('m04', 'product_image_overview', {
      title: 'A tour in ninety seconds',
      description: 'See capture, linking and publishing in one short video.',
      align: 3,
      resource: { type: 2, url: CLIP.video_url },
      buttons: [
        { text: 'Open the tour', url: '', type: 2, style: 1, popup_img: screenshot('Tour') },
        { text: 'Bookmark this page', url: '', type: 3, style: 2 },
      ],
    }),
    mod('m05', 'carousel', {
      items: [
        { image: screenshot('Daily notes'), title: 'Daily notes', url: '/doc_handbook' },
        { image: screenshot('Backlinks'), title: 'Backlinks' },
        { image: screenshot('Publish'), title: 'Publish', url: '/post' },
        { image: screenshot('Dark mode'), title: 'Dark mode' },
      ],
    }),
    mod('m06', 'video_introduce', {
      title: 'Built for deep work',
      description: 'No badges, no streaks, no feed. Lumen opens to a blank page and gets out of the way.',
      ...CLIP_2,
    }),
  ]
}

/** How to start, what it does and where it runs, shown in pictures and videos. */
function features(): LandModule[] {
  return [
    mod(
      'm07',
      'step',
      {
        items: [
          {
            title: 'Install',
            description: 'Download for macOS, Windows, Linux, iOS or Android.',
            image: screenshot('Install'),
          },
          {
            title: 'Import',
            description: 'Bring notes from Markdown folders, Evernote or Notion exports.',
            image: screenshot('Import'),
          },
          {
            title: 'Write',
            description: 'Press ⌘N and start typing. Everything saves as you go.',
            image: screenshot('Write'),
          },
        ],
      },
      { title: 'Start in three steps' },
    ),
    mod(
      'm08',
      'superiority_image',
      {
        items: [
          { title: 'Graph view', description: 'See how ideas connect.', image: screenshot('Graph view') },
          {
            title: 'Templates',
            description: 'Meeting notes, journals, reading logs.',
            image: screenshot('Templates'),
          },
          {
            title: 'Search everything',
            description: 'Full-text search across every note, offline.',
            image: screenshot('Search'),
          },
        ],
      },
      { title: 'Features you will actually use' },
    ),
    mod(
      'm09',
      'image_list',
      {
        items: ['macOS', 'Windows', 'Linux', 'iOS', 'Android', 'Web'].map((name) => ({
          image: icon(name.slice(0, 2), undefined, 128),
          title: name,
          url: '#pricing',
        })),
      },
      { title: 'Works everywhere you do' },
    ),
    mod('m10', 'video', { ...CLIP, title: 'Keyboard-first editing' }),
    mod(
      'm11',
      'video_carousel',
      {
        items: [
          { ...CLIP, title: 'Quick capture' },
          { ...CLIP_2, title: 'Linking notes' },
          { ...CLIP, title: 'Publishing a page' },
        ],
      },
      { title: 'Short videos' },
    ),
  ]
}

/** What people say, what it costs and the promo codes, working and expired, relative to `now`. */
function offer(now: number): LandModule[] {
  return [
    mod(
      'm12',
      'comment',
      {
        items: LAND_TESTIMONIALS,
      },
      { title: 'What people say' },
    ),
    mod(
      'm13',
      'price',
      {
        plans: [
          {
            name: 'Free',
            price: '0',
            unit: '$ / month',
            description: 'For personal notes on any number of devices.',
            features: ['Unlimited notes', 'Offline search', 'Markdown export'],
            button: { text: 'Download', url: '#', type: 0, style: 2 },
          },
          {
            name: 'Plus',
            price: '4',
            unit: '$ / month',
            description: 'Sync and publishing for individuals.',
            features: ['Encrypted sync', 'Publish 10 sites', 'Version history (1 year)'],
            button: { text: 'Start free trial', url: '/l/campaign/spring-sale', type: 0, style: 1 },
          },
          {
            name: 'Team',
            price: '9',
            unit: '$ / user / month',
            description: 'Shared workspaces and admin controls.',
            features: ['Everything in Plus', 'Shared workspaces', 'SSO', 'Priority support'],
            button: { text: 'Contact sales', url: '#contact', type: 0, style: 2 },
          },
        ],
      },
      { title: 'Pricing', subtitle: 'Pay yearly and get two months free.' },
    ),
    mod(
      'm14',
      'useful_code',
      {
        items: [
          { code: 'SPRING25', description: '25% off the first year of Plus', expires_at: now + 45 * DAY },
          { code: 'STUDENT50', description: '50% off Plus with a school e-mail', expires_at: now + 300 * DAY },
          { code: 'TEAMTRIAL', description: '30-day Team trial for up to 10 people' },
        ],
      },
      { title: 'Working promo codes' },
    ),
    mod(
      'm15',
      'invalid_code',
      {
        items: [
          { code: 'LAUNCH2024', description: 'Launch week discount', expires_at: now - 200 * DAY },
          { code: 'BLACKFRIDAY', description: '40% off Plus', expires_at: now - 30 * DAY },
        ],
      },
      { title: 'Expired codes' },
    ),
  ]
}

/** Questions, the blog, the social links, the contact form and the footer. */
function conversation(): LandModule[] {
  return [
    mod(
      'm16',
      'faq',
      {
        items: [
          {
            question: 'Is Lumen really free?',
            answer: 'Yes. The Free plan has no note limit and no time limit. You pay only for sync and publishing.',
          },
          {
            question: 'Where are my notes stored?',
            answer: 'As Markdown files in a folder you choose. Sync stores only encrypted copies.',
          },
          {
            question: 'Can I use it without an account?',
            answer: 'Yes. An account is only needed for sync and publishing.',
          },
          { question: 'Do you have a student discount?', answer: 'Use code STUDENT50 with a school e-mail address.' },
          {
            question: 'Can I self-host sync?',
            answer: 'Team plans can run the sync server on their own infrastructure.',
          },
          { question: 'How do I cancel?', answer: 'From Settings → Plan, at any time. Your notes stay yours.' },
        ],
      },
      { title: 'Questions and answers' },
    ),
    mod('m17', 'posts', { category_id: 'updates', limit: 3 }, { title: 'From the blog' }),
    mod(
      'm18',
      'social_media',
      {
        items: [
          { name: 'Mastodon', icon: icon('M', '#6364ff'), url: 'https://mastodon.social/' },
          { name: 'GitHub', icon: icon('GH', '#111827'), url: 'https://github.com/' },
          { name: 'YouTube', icon: icon('YT', '#dc2626'), url: 'https://www.youtube.com/' },
          { name: 'Discord', icon: icon('D', '#5865f2'), url: 'https://discord.com/' },
          { name: 'RSS', icon: icon('RSS', '#ea580c'), url: '/c/dev/feed.xml' },
        ],
      },
      { title: 'Follow along' },
    ),
    mod(
      'm19',
      'form',
      {
        form_id: CONTACT_FORM.form_id,
        items: CONTACT_FORM.items,
        result_position: 1,
        submit_text: 'Send message',
        result_text: 'Thanks! We will get back to you within one business day.',
      },
      { title: 'Talk to us', subtitle: 'Questions about Team or Education plans?' },
    ),
    mod('m20', 'html', {
      html: '<div style="text-align:center;padding:24px"><p><strong>Lumen Notes</strong> is made by a small, independent team.</p><p><a href="/c/legal/privacy">Privacy</a> · <a href="/c/legal/terms">Terms</a></p></div>',
    }),
    // Hidden modules stay in the config; the front end must skip them.
    mod('m21', 'title', { title: 'Coming soon: collaborative editing', align: 2 }, { is_show: 0 }),
  ]
}
