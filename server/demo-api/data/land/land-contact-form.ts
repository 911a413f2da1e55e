import type { FormItem } from '../../../../shared/content-types.ts'
import type { DemoForm } from '../../tenant.ts'

// The contact form uses every form item type (API.md "FormItem").
const CONTACT_ITEMS: FormItem[] = [
  { type: 'text', field: 'intro', label: 'Tell us about your team and we will reply within one business day.' },
  { type: 'input', field: 'name', label: 'Your name', placeholder: 'Ada Lovelace', required: 1, max_length: 60 },
  { type: 'input', field: 'email', label: 'Work e-mail', placeholder: 'ada@company.com', required: 1, max_length: 120 },
  {
    type: 'select',
    field: 'team_size',
    label: 'Team size',
    required: 1,
    options: [
      { label: '1–10', value: 'small' },
      { label: '11–50', value: 'medium' },
      { label: '51–500', value: 'large' },
      { label: '500+', value: 'enterprise' },
    ],
  },
  {
    type: 'checkbox',
    field: 'interests',
    label: 'Interested in',
    required: 0,
    options: [
      { label: 'Shared workspaces', value: 'workspaces' },
      { label: 'Single sign-on', value: 'sso' },
      { label: 'Self-hosted sync', value: 'self_hosted' },
      { label: 'Education pricing', value: 'education' },
    ],
  },
  {
    type: 'textarea',
    field: 'message',
    label: 'Message',
    placeholder: 'What would you like to do with Lumen?',
    required: 1,
    max_length: 1000,
  },
  { type: 'file', field: 'attachment', label: 'Attachment (PDF, optional)', required: 0 },
  { type: 'image', field: 'screenshot', label: 'Screenshot (optional)', required: 0 },
]
export const CONTACT_FORM: DemoForm = { form_id: 'contact-sales', items: CONTACT_ITEMS }
