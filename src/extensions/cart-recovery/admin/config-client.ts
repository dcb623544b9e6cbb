import type { Static } from '@sinclair/typebox';
import { api, withQuery } from '../../../admin/api.js';
import type { TokenCreated, TokenView } from '../agent/agent.schemas.js';
import type { Campaign, CampaignPatch, Settings, SettingsPatch } from '../settings/settings.schemas.js';

/** A bearer token as listed. */
export type AgentToken = Static<typeof TokenView>;
/** A just-created token (its secret shown once). */
export type CreatedToken = Static<typeof TokenCreated>;

/** The license as the license routes show it (key masked). */
export interface LicenseView {
  status: 'inactive' | 'active' | 'expired' | 'invalid';
  key: string | null;
  expires_at: string | null;
  last_check_message: string | null;
}

/** One redacted audit entry of the agent routes. */
export interface AuditEntry {
  id: number;
  time: string;
  principal: { type: string; user_id: number | null; token_public_id: string | null };
  method: string;
  route: string;
  action: string | null;
  target: string | null;
  status: number;
  result: 'allowed' | 'denied' | 'error';
  detail: unknown;
}

const P = '/cartrecovery/v1';

/** Where the settings record is read and saved. */
export const CR_SETTINGS_PATH = `${P}/settings`;

/** The whole settings record. */
export function fetchCrSettings(): Promise<Settings> {
  return api({ path: CR_SETTINGS_PATH });
}

/** Saves some settings (validated by the route); the whole record back. */
export function saveCrSettings(patch: SettingsPatch): Promise<Settings> {
  return api({ path: `${P}/settings`, method: 'POST', data: patch });
}

/** Where mail goes (SMTP or the outbox) is read. */
export const MAIL_DELIVERY_PATH = `${P}/settings/mail`;

/** The campaign: enabled flag and three steps. */
export function fetchCampaign(): Promise<Campaign> {
  return api({ path: CAMPAIGN_PATH });
}

/** Where the campaign (the e-mail sequence) is read and saved. */
export const CAMPAIGN_PATH = `${P}/campaign`;

/** Saves the campaign (steps merged by position, validated by the route). */
export function saveCampaign(patch: CampaignPatch): Promise<Campaign> {
  return api({ path: `${P}/campaign`, method: 'POST', data: patch });
}

/** The local license state. */
export async function fetchLicense(): Promise<LicenseView> {
  return (await api<{ license: LicenseView }>({ path: LICENSE_STATUS_PATH })).license;
}

/** Where the local license state is read. */
export const LICENSE_STATUS_PATH = `${P}/license/status`;

/** Activates a key with the license server. */
export async function activateLicense(key: string): Promise<LicenseView> {
  return (
    await api<{ license: LicenseView }>({
      path: `${P}/license/activate`,
      method: 'POST',
      data: { license_key: key },
    })
  ).license;
}

/** Forgets the local license. */
export async function deactivateLicense(): Promise<LicenseView> {
  return (await api<{ license: LicenseView }>({ path: `${P}/license/deactivate`, method: 'POST' })).license;
}

/** Test Mode: a dummy abandoned session whose first e-mail goes to you in about 30 seconds. */
export function triggerTestFlow(): Promise<{ session_id: string; message: string }> {
  return api({ path: `${P}/test/trigger`, method: 'POST' });
}

/** Sends a plain test e-mail (to you, or to `email`). */
export function sendTestEmail(email?: string): Promise<{ message: string }> {
  return api({ path: `${P}/test/email`, method: 'POST', data: email ? { email } : {} });
}

/** `GET /agent/tokens` path of one page. */
export function tokensPath(page: number, perPage: number): string {
  return withQuery(`${P}/agent/tokens`, { page, per_page: perPage });
}

/** Creates a bearer token (the reply is the only time its secret is shown). */
export function createToken(input: {
  name: string;
  scopes: string[];
  expires_in_days?: number;
}): Promise<CreatedToken> {
  return api({ path: `${P}/agent/tokens`, method: 'POST', data: input });
}

/** Revokes a bearer token. */
export function revokeToken(publicId: string): Promise<{ revoked: boolean }> {
  return api({ path: `${P}/agent/tokens/${encodeURIComponent(publicId)}`, method: 'DELETE' });
}

/** `GET /agent/audit-log` path of one filtered page (newest first; `route` matches the route's start). */
export function auditLogPath(
  filters: { result?: string; route?: string },
  page: number,
  perPage: number,
): string {
  return withQuery(`${P}/agent/audit-log`, { ...filters, page, per_page: perPage });
}
