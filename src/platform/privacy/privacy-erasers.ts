import type { DbOrTrx } from '../db/database.js';
import { findUserIdByEmail } from '../auth/users.repository.js';

/** What one pass of an eraser did (WordPress's `wp_privacy_personal_data_erasers` callback answer). */
export interface ErasureResult {
  /** Something personal was removed or anonymised. */
  items_removed: boolean;
  /** Something personal was kept (a legal or business reason; `messages` says why). */
  items_retained: boolean;
  /** Lines shown to the administrator. */
  messages: string[];
  /** False when the eraser has more to do: it is called again with the same address. */
  done: boolean;
}

/** One personal-data eraser a module declares (`privacyErasers`): WordPress's `{eraser_friendly_name, callback}`. */
export interface PrivacyEraser {
  /** Stable key (`shop-customer`, `loyalty-points` …), WordPress's array key of the eraser. */
  id: string;
  /** Shown next to its messages. */
  friendlyName: string;
  /** Erases (a batch of) what the module holds about the address. */
  erase: (email: string) => Promise<ErasureResult>;
}

/** What every eraser did for one request, kept on the request. */
export interface EraserReport {
  id: string;
  friendly_name: string;
  items_removed: boolean;
  items_retained: boolean;
  messages: string[];
}

/** Most passes one eraser gets per run (an eraser that never says `done` stops here). */
export const MAX_ERASER_PASSES = 100;

/** The erasers of every module, in module order (platform → shop → extensions), filled once at start. */
export class PrivacyErasers {
  private readonly erasers: PrivacyEraser[] = [];

  /** Adds a module's eraser; a second eraser with the same id is refused (a programming error). */
  add(eraser: PrivacyEraser): void {
    if (this.erasers.some((e) => e.id === eraser.id))
      throw new Error(`duplicate privacy eraser ${eraser.id}`);
    this.erasers.push(eraser);
  }

  /** The registered erasers, in order. */
  list(): readonly PrivacyEraser[] {
    return this.erasers;
  }

  /** Runs every eraser for the address until each says `done` (WordPress's erasure loop), and reports each. */
  async eraseAll(email: string): Promise<EraserReport[]> {
    const reports: EraserReport[] = [];
    for (const eraser of this.erasers) {
      const report: EraserReport = {
        id: eraser.id,
        friendly_name: eraser.friendlyName,
        items_removed: false,
        items_retained: false,
        messages: [],
      };
      for (let pass = 0; pass < MAX_ERASER_PASSES; pass++) {
        const result = await eraser.erase(email);
        report.items_removed ||= result.items_removed;
        report.items_retained ||= result.items_retained;
        report.messages.push(...result.messages);
        if (result.done) break;
      }
      reports.push(report);
    }
    return reports;
  }
}

/** The id of the account whose e-mail is `email` (case-insensitive), or null: whom an eraser erases. */
export function erasureSubjectId(db: DbOrTrx, email: string): Promise<number | null> {
  return findUserIdByEmail(db, email);
}
