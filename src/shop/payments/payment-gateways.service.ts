import { invalid, NotFoundError, RestError } from '../../platform/http/errors.js';
import type { OptionsStore } from '../../platform/options/options.js';
import type { SecretBox } from '../../platform/security/secret-box.js';
import { maskSecret, openSetting, sealSetting } from './gateway-secrets.js';
import type { GatewaySettings, PaymentGateway } from './payment-gateway.js';

/** A gateway with its owner's settings (secrets opened: never answer them as they are). */
export interface GatewayState {
  gateway: PaymentGateway;
  enabled: boolean;
  title: string;
  description: string;
  order: number;
  settings: GatewaySettings;
}

/** Changes to a gateway through `PUT /wc/v3/payment_gateways/{id}`. */
export interface GatewayPatch {
  enabled?: boolean;
  title?: string;
  description?: string;
  order?: number;
  settings?: Record<string, string | boolean | number>;
}

const ORDER_OPTION = 'woocommerce_gateway_order';

/** The shop's payment gateways: the registry, their stored settings (platform options) and checkout's choice. */
export class PaymentGateways {
  constructor(
    private readonly deps: { options: OptionsStore; secrets: SecretBox },
    private readonly gateways: readonly PaymentGateway[],
  ) {}

  /** Every gateway with its settings, in the owner's order (then registration order). */
  async list(): Promise<GatewayState[]> {
    const states = await Promise.all(this.gateways.map((g) => this.stateOf(g)));
    return states.sort((a, b) => a.order - b.order);
  }

  /** One gateway with its settings; 404 `woocommerce_rest_payment_gateway_invalid` when unknown. */
  async get(id: string): Promise<GatewayState> {
    const gateway = this.gateways.find((g) => g.id === id);
    if (!gateway)
      throw new NotFoundError('woocommerce_rest_payment_gateway_invalid', 'Invalid payment gateway ID.');
    return this.stateOf(gateway);
  }

  /** The enabled gateways, in order (what checkout offers). */
  async enabled(): Promise<GatewayState[]> {
    return (await this.list()).filter((s) => s.enabled);
  }

  /** The enabled gateway checkout was asked for; 400 naming `payment_method` otherwise. */
  async requireEnabled(id: string): Promise<GatewayState> {
    const offered = await this.enabled();
    const state = offered.find((s) => s.gateway.id === id);
    if (!state) {
      const message = `The payment method "${id}" is not available; use one of ${offered.map((s) => s.gateway.id).join(', ') || 'none (no gateway is enabled)'}.`;
      throw new RestError('woocommerce_rest_checkout_payment_method_disabled', message, 400, {
        params: { payment_method: message },
      });
    }
    return state;
  }

  /** The title orders keep for a gateway id (the id itself when no gateway has it). */
  async titleOf(id: string): Promise<string> {
    const gateway = this.gateways.find((g) => g.id === id);
    return gateway ? (await this.stateOf(gateway)).title : id;
  }

  /** Applies a `PUT`: validates every field first (400 naming it, nothing stored), then stores the settings. */
  async update(id: string, patch: GatewayPatch): Promise<GatewayState> {
    const current = await this.get(id);
    const { gateway } = current;
    const next: Record<string, string> = { ...current.settings };
    for (const [key, raw] of Object.entries(patch.settings ?? {})) {
      const field = gateway.fields.find((f) => f.id === key);
      if (!field)
        throw invalid(`settings[${key}]`, 'in', `"${key}" is not a setting of the ${id} gateway.`, 400);
      const value = field.type === 'checkbox' ? checkboxValue(key, raw) : String(raw);
      if (field.options && !(value in field.options))
        throw invalid(
          `settings[${key}]`,
          'in',
          `${field.label} must be one of ${Object.keys(field.options).join(', ')}.`,
          400,
        );
      if (value.length > 5000)
        throw invalid(
          `settings[${key}]`,
          'max',
          `${field.label} may not be longer than 5000 characters.`,
          400,
        );
      // The masked value an answer showed means "unchanged".
      if (field.secret && value !== '' && value === maskSecret(current.settings[key] ?? '')) continue;
      next[key] = value;
    }
    if (patch.title !== undefined) next.title = patch.title;
    const stored: Record<string, string> = {
      enabled: (patch.enabled ?? current.enabled) ? 'yes' : 'no',
      description: patch.description ?? current.description,
    };
    for (const [key, value] of Object.entries(next)) {
      const secret = gateway.fields.find((f) => f.id === key)?.secret;
      stored[key] = secret ? sealSetting(this.deps.secrets, value) : value;
    }
    await this.deps.options.set(settingsOption(id), stored);
    // Moving one gateway writes several at once: each changes only its own key of the shared order map.
    if (patch.order !== undefined)
      await this.deps.options.update<Record<string, number>>(ORDER_OPTION, {}, (order) => ({
        ...order,
        [id]: patch.order!,
      }));
    return this.get(id);
  }

  // A gateway's stored settings over its defaults, secrets opened.
  private async stateOf(gateway: PaymentGateway): Promise<GatewayState> {
    const [stored, order] = await Promise.all([
      this.deps.options.get<Record<string, string>>(settingsOption(gateway.id), {}),
      this.deps.options.get<Record<string, number>>(ORDER_OPTION, {}),
    ]);
    const settings: Record<string, string> = {};
    for (const field of gateway.fields) {
      const value = stored[field.id] ?? field.default;
      settings[field.id] = field.secret ? openSetting(this.deps.secrets, value) : value;
    }
    return {
      gateway,
      enabled: stored.enabled === undefined ? gateway.defaults.enabled : stored.enabled === 'yes',
      title: settings.title ?? gateway.defaults.title,
      description: stored.description ?? gateway.defaults.description,
      order: order[gateway.id] ?? this.gateways.indexOf(gateway),
      settings,
    };
  }
}

/** The option a gateway's settings live in (WooCommerce's name). */
export function settingsOption(id: string): string {
  return `woocommerce_${id}_settings`;
}

// A checkbox setting as WooCommerce stores it: `yes` or `no`.
function checkboxValue(key: string, raw: string | boolean | number): string {
  if (raw === true || raw === 'yes' || raw === '1' || raw === 1) return 'yes';
  if (raw === false || raw === 'no' || raw === '0' || raw === 0 || raw === '') return 'no';
  throw invalid(`settings[${key}]`, 'boolean', `"${key}" must be yes or no.`, 400);
}
