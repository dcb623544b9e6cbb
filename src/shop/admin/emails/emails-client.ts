import type { Static } from '@sinclair/typebox';
import { api, restError } from '../../../admin/api.js';
import type { EmailPreviewSchema, ShopEmailSchema } from '../../emails/emails.schemas.js';
import type { Setting } from '../settings/settings-client.js';

/** One of the shop's e-mails as the list shows it. */
export type ShopEmailRow = Static<typeof ShopEmailSchema>;

/** A rendered preview. */
export type EmailPreview = Static<typeof EmailPreviewSchema>;

/** The route listing the e-mails. */
export const EMAILS_ROUTE = '/shop/v1/emails';

/** The settings route of one e-mail's group (`/wc/v3/settings/email_new_order`). */
export function emailSettingsPath(id: string): string {
  return `/wc/v3/settings/email_${id}`;
}

/** Turns an e-mail on or off (its `enabled` setting). */
export async function setEmailEnabled(id: string, enabled: boolean): Promise<void> {
  await api<Setting>({
    path: `${emailSettingsPath(id)}/enabled`,
    method: 'PUT',
    data: { value: enabled ? 'yes' : 'no' },
  });
}

/**
 * Saves the changed settings of an e-mail, one `PUT` each; a refused value rejects with the setting's id as the
 * field (the form shows the message there). Answers the group as stored.
 */
export async function saveEmailSettings(id: string, changes: Record<string, string>): Promise<Setting[]> {
  for (const [setting, value] of Object.entries(changes)) {
    try {
      await api<Setting>({ path: `${emailSettingsPath(id)}/${setting}`, method: 'PUT', data: { value } });
    } catch (error) {
      const body = restError(error);
      throw {
        ...body,
        data: { ...body.data, params: { [setting]: body.data?.params?.value ?? body.message } },
      };
    }
  }
  return api<Setting[]>({ path: emailSettingsPath(id) });
}
