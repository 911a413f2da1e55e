import type { LandModule } from '../../../../shared/content-types.ts'
import { CONTACT_FORM } from './land-contact-form.ts'
import { mod } from './land-module.ts'
import { LAND_TESTIMONIALS } from './land-testimonials.ts'
import { DAY } from '../common.ts'
import { icon } from '../media.ts'

// The second half of the demo home page (land-home.ts): the offer, then the conversation.

/** What people say, what it costs and the promo codes, working and expired, relative to `now`. */
export function offer(now: number): LandModule[] {
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
export function conversation(): LandModule[] {
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
