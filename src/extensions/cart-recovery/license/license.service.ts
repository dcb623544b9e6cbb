import { toDbTime } from '../../../platform/db/sql-helpers.js';
import {
  LicenseClient,
  type LicenseStatus,
  statusAfterRecheck,
} from '../../../platform/license/license-client.js';
import type { CartRecovery } from '../cart-recovery.services.js';

/** The product slug this extension's key is sold under. */
export const LICENSE_SLUG = 'cartrecovery-pro';
const OPTION = 'cartrecovery_license';

/** What is stored locally (the key encrypted at rest). */
interface StoredLicense {
  key_sealed: string;
  key_masked: string;
  status: LicenseStatus;
  expires_at: string | null;
  activated_at: string;
  last_checked_at: string | null;
  last_check_message: string | null;
}

/** The license as every route shows it: the key always masked. */
export interface LicenseView {
  status: LicenseStatus;
  key: string | null;
  slug: string;
  expires_at: string | null;
  activated_at: string | null;
  last_checked_at: string | null;
  last_check_message: string | null;
}

/** Every character but the last four replaced by `*`. */
export function maskLicenseKey(key: string): string {
  return key.length <= 4 ? '*'.repeat(key.length) : `${'*'.repeat(key.length - 4)}${key.slice(-4)}`;
}

/** Local license state through the shared license-server client. Nothing in recovery depends on it. */
export class LicenseService {
  private readonly client: LicenseClient;

  constructor(private readonly cr: CartRecovery) {
    this.client = new LicenseClient(cr.ctx.http, { domain: new URL(cr.ctx.config.publicUrl).hostname });
  }

  /** The current local state. */
  async status(): Promise<LicenseView> {
    return view(await this.stored());
  }

  /** Activates a key; fails closed (a refusal or no answer stores nothing and throws the client's error). */
  async activate(key: string): Promise<LicenseView> {
    const activation = await this.client.activate({ licenseKey: key, slug: LICENSE_SLUG });
    const now = toDbTime(this.cr.ctx.clock.now());
    const stored: StoredLicense = {
      key_sealed: this.cr.ctx.secrets.encrypt(key),
      key_masked: maskLicenseKey(key),
      status: 'active',
      expires_at: activation.expiresAt,
      activated_at: now,
      last_checked_at: now,
      last_check_message: activation.message,
    };
    await this.cr.ctx.options.set(OPTION, stored);
    return view(stored);
  }

  /** Forgets the local license (the server has no deactivate endpoint; its slot stays taken). */
  async deactivate(): Promise<LicenseView> {
    await this.cr.ctx.options.delete(OPTION);
    return view(null);
  }

  /** The daily re-check: fails open (no usable answer keeps the stored status). */
  async recheck(): Promise<LicenseView> {
    const stored = await this.stored();
    if (!stored) return view(null);
    const check = await this.client.check({
      licenseKey: this.cr.ctx.secrets.decrypt(stored.key_sealed),
      slug: LICENSE_SLUG,
    });
    const next: StoredLicense = {
      ...stored,
      status: statusAfterRecheck(stored.status, check),
      expires_at: check.outcome === 'valid' ? check.expiresAt : stored.expires_at,
      last_checked_at: toDbTime(this.cr.ctx.clock.now()),
      last_check_message: check.outcome === 'valid' ? 'valid' : check.message,
    };
    await this.cr.ctx.options.set(OPTION, next);
    return view(next);
  }

  private async stored(): Promise<StoredLicense | null> {
    return this.cr.ctx.options.get<StoredLicense | null>(OPTION, null);
  }
}

function view(stored: StoredLicense | null): LicenseView {
  return {
    status: stored?.status ?? 'inactive',
    key: stored?.key_masked ?? null,
    slug: LICENSE_SLUG,
    expires_at: stored?.expires_at ?? null,
    activated_at: stored?.activated_at ?? null,
    last_checked_at: stored?.last_checked_at ?? null,
    last_check_message: stored?.last_check_message ?? null,
  };
}
