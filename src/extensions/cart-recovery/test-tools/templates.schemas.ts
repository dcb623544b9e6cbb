import { type Static, Type } from '@sinclair/typebox';
import { CampaignStepSchema } from '../settings/settings.schemas.js';

const { subject, heading, preheader, body, cta_label } = CampaignStepSchema.properties;

/** A step's template as the Templates screen holds it (unsaved); same rules as the campaign's steps. */
export const TemplateDraftSchema = Type.Object(
  { subject, heading, preheader, body, cta_label },
  { additionalProperties: false },
);
/** An unsaved step template. */
export type TemplateDraft = Static<typeof TemplateDraftSchema>;

/** `POST /templates/preview` body: the step (1–3), its draft, and optionally a session whose cart to show. */
export const TemplatePreviewBodySchema = Type.Object(
  {
    step: Type.Integer({ minimum: 1, maximum: 3 }),
    template: Type.Optional(TemplateDraftSchema),
    session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
/** A preview request. */
export type TemplatePreviewBody = Static<typeof TemplatePreviewBodySchema>;

/** A rendered preview: subject, HTML and plain-text parts. */
export const TemplatePreviewSchema = Type.Object({
  subject: Type.String(),
  html: Type.String(),
  text: Type.String(),
});
/** A rendered preview. */
export type TemplatePreview = Static<typeof TemplatePreviewSchema>;
