import { api, apiCompute } from '../../../admin/api.js';
import type { Campaign } from '../settings/settings.schemas.js';
import type { TemplateDraft, TemplatePreview } from '../test-tools/templates.schemas.js';

/** The editable template fields of a step, in the order the screen shows them. */
export const TEMPLATE_FIELDS = ['subject', 'preheader', 'heading', 'body', 'cta_label'] as const;

/** The placeholders a template may use (the server's list). */
export const TEMPLATE_PLACEHOLDERS = [
  'store_name',
  'site_title',
  'customer_email',
  'cart_items',
  'cart_total',
  'coupon_block',
  'coupon_code',
  'coupon_expiry',
  'store_logo',
  'restore_url',
  'unsubscribe_url',
] as const;

/** Saves the three steps' templates (other step settings untouched). */
export function saveTemplates(drafts: TemplateDraft[]): Promise<Campaign> {
  return api({ path: '/cartrecovery/v1/campaign', method: 'POST', data: { steps: drafts } });
}

/** Renders an unsaved template of step 1–3 with sample data. */
export function previewTemplate(step: number, template: TemplateDraft): Promise<TemplatePreview> {
  return apiCompute({ path: '/cartrecovery/v1/templates/preview', method: 'POST', data: { step, template } });
}

/** Sends an unsaved template of step 1–3 to `email`. */
export function sendTemplateTest(
  step: number,
  template: TemplateDraft,
  email: string,
): Promise<{ success: boolean; message: string }> {
  return api({ path: '/cartrecovery/v1/test/email', method: 'POST', data: { step, template, email } });
}

/** A step's template fields. */
export function draftOf(step: Campaign['steps'][number]): TemplateDraft {
  const { subject, preheader, heading, body, cta_label } = step;
  return { subject, preheader, heading, body, cta_label };
}
