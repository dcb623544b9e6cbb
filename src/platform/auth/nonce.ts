import { LRUCache } from 'lru-cache';
import { hmacHex, safeEqual } from '../security/hashing.js';

const HALF_LIFE_SECONDS = 12 * 60 * 60;

/** What a nonce is bound to: the user (or cart session) and the login session token. */
export interface NonceSubject {
  uid: string;
  token: string;
}

/** WordPress-style `wp_rest` nonces: HMAC over tick|action|uid|token, 10 hex chars, 12 h ticks. */
export class NonceService {
  // HMACs already computed, by tick|action|uid|token: a busy session verifies and refreshes the same nonce.
  private readonly computed = new LRUCache<string, string>({ max: 10_000 });
  // The wp_rest nonces of a subject object for one tick: callers that keep their subject (the authenticator
  // keeps one per cached principal) skip even the key building and map lookup.
  private readonly bySubject = new WeakMap<
    NonceSubject,
    { tick: number; current: string; previous: string }
  >();

  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  /** The nonce for `subject` in the current tick. */
  create(subject: NonceSubject, action = 'wp_rest'): string {
    if (action === 'wp_rest') return this.restNonces(subject).current;
    return this.compute(this.tick(), action, subject);
  }

  /** 1 = current tick, 2 = previous tick, 0 = invalid. */
  verify(nonce: string, subject: NonceSubject, action = 'wp_rest'): 0 | 1 | 2 {
    if (nonce.length !== 10) return 0;
    const { current, previous } =
      action === 'wp_rest'
        ? this.restNonces(subject)
        : {
            current: this.compute(this.tick(), action, subject),
            previous: this.compute(this.tick() - 1, action, subject),
          };
    if (safeEqual(nonce, current)) return 1;
    if (safeEqual(nonce, previous)) return 2;
    return 0;
  }

  private restNonces(subject: NonceSubject): { tick: number; current: string; previous: string } {
    const tick = this.tick();
    let known = this.bySubject.get(subject);
    if (known?.tick !== tick) {
      known = {
        tick,
        current: this.compute(tick, 'wp_rest', subject),
        previous: this.compute(tick - 1, 'wp_rest', subject),
      };
      this.bySubject.set(subject, known);
    }
    return known;
  }

  /** The current 12-hour tick: a nonce's verdict for one subject cannot change within it. */
  tick(): number {
    return Math.ceil(this.now().getTime() / 1000 / HALF_LIFE_SECONDS);
  }

  private compute(tick: number, action: string, subject: NonceSubject): string {
    const input = `${tick}|${action}|${subject.uid}|${subject.token}`;
    let nonce = this.computed.get(input);
    if (nonce === undefined) {
      nonce = hmacHex(`nonce:${this.secret}`, input).slice(-12, -2);
      this.computed.set(input, nonce);
    }
    return nonce;
  }
}
