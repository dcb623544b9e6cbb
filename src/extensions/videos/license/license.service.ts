import {
  LicenseActivationError,
  LicenseClient,
  statusAfterRecheck,
} from '../../../platform/license/license-client.js';
import type { ExtensionContext } from '../../define-extension.js';
import type { SettingsStore } from '../settings/settings.store.js';
import type { VideosLog } from '../common/videos-log.js';

/** The paid add-on's product slug on the license server. */
export const LICENSE_SLUG = 'videos-pro';

/** The add-on license: activation (fails closed), local deactivation, daily re-check (fails open). */
export class VideosLicenseService {
  private readonly client: LicenseClient;

  constructor(
    ctx: ExtensionContext,
    private readonly settings: SettingsStore,
    private readonly log: VideosLog,
  ) {
    this.client = new LicenseClient(ctx.http, { domain: new URL(ctx.config.publicUrl).hostname });
  }

  /** Activates `licenseKey`; `license_status` becomes `active` only when the server accepts it. */
  async activate(licenseKey: string) {
    try {
      const result = await this.client.activate({ licenseKey, slug: LICENSE_SLUG });
      await this.settings.save({
        license_key: licenseKey,
        license_status: 'active',
        license_expires_at: result.expiresAt ?? '',
      });
      return {
        success: true,
        message: result.message,
        license_status: 'active' as const,
        expires_at: result.expiresAt,
      };
    } catch (error) {
      if (error instanceof LicenseActivationError) {
        await this.log.error(`License activation refused: ${error.code} ${error.message}`);
        if (error.licenseStatus) await this.settings.save({ license_status: error.licenseStatus });
      }
      throw error;
    }
  }

  /** Forgets the key locally (the license server has no release endpoint). */
  async deactivate() {
    await this.settings.save({ license_key: '', license_status: 'inactive', license_expires_at: '' });
    return {
      success: true,
      license_status: 'inactive' as const,
      message:
        'The license was removed from this site. The license server has no deactivation endpoint, so the activation slot stays taken until you release it in your account on the store.',
    };
  }

  /** The scheduled re-check: updates the status when the server answers, keeps it when it does not. */
  async recheck(): Promise<void> {
    const { settings } = await this.settings.load();
    if (!settings.license_key) return;
    const check = await this.client.check({ licenseKey: settings.license_key, slug: LICENSE_SLUG });
    const status = statusAfterRecheck(settings.license_status, check);
    if (check.outcome === 'unreachable')
      await this.log.error(`License re-check: no answer (${check.message}); status kept`);
    await this.settings.save({
      license_status: status,
      ...(check.outcome === 'valid' ? { license_expires_at: check.expiresAt ?? '' } : {}),
    });
  }
}
