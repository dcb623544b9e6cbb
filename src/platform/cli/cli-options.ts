import { CliUsageError } from './cli-command.js';

/** A whole-number option within [min, max] (its default when absent); anything else is a usage error naming it. */
export function integerOption(
  options: Record<string, string | boolean | undefined>,
  name: string,
  rule: { default: number; min: number; max: number },
): number {
  const raw = options[name];
  if (raw === undefined) return rule.default;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < rule.min || value > rule.max)
    throw new CliUsageError(`--${name} must be a whole number from ${rule.min} to ${rule.max}`);
  return value;
}
