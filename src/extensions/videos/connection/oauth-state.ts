import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock.js';
import type { TransientStore } from '../../../platform/options/options.js';
import { hmacHex, safeEqual } from '../../../platform/security/hashing.js';

const LIFETIME_SECONDS = 600;

/**
 * The OAuth `state`: signed (HMAC under STORESIDE_SECRET), bound to the admin who started the flow, expiring
 * after 10 minutes, and usable once (its id is a transient deleted on use, shared by every instance).
 */
export class OAuthStateService {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
    private readonly transients: TransientStore,
  ) {}

  /** A new state for `userId`. */
  async issue(userId: number): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    const expires = Math.floor(this.clock.now().getTime() / 1000) + LIFETIME_SECONDS;
    const payload = `${userId}.${expires}.${id}`;
    await this.transients.set(`videos_oauth_state_${id}`, userId, LIFETIME_SECONDS);
    return `${Buffer.from(payload).toString('base64url')}.${this.sign(payload)}`;
  }

  /** True (and the state is spent) when `state` was issued to `userId`, is unexpired and unused. */
  async consume(state: string, userId: number): Promise<boolean> {
    const [encoded, signature] = state.split('.');
    if (!encoded || !signature) return false;
    const payload = Buffer.from(encoded, 'base64url').toString('utf8');
    if (!safeEqual(signature, this.sign(payload))) return false;
    const [uid, expires, id] = payload.split('.');
    if (Number(uid) !== userId || !id) return false;
    if (Number(expires) < Math.floor(this.clock.now().getTime() / 1000)) return false;
    const stored = await this.transients.get<number>(`videos_oauth_state_${id}`);
    if (stored !== userId) return false;
    await this.transients.delete(`videos_oauth_state_${id}`);
    return true;
  }

  private sign(payload: string): string {
    return hmacHex(`videos-oauth-state:${this.secret}`, payload);
  }
}
