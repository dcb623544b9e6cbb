import type { FastifyBaseLogger } from 'fastify';
import type { LoyaltySettings } from '../settings/settings.schemas.js';

/** Logs a loyalty event when `debug_enableMode` is on (errors are always logged by their callers). */
export function debugLog(
  logger: FastifyBaseLogger,
  settings: Pick<LoyaltySettings, 'debug_enableMode'>,
  message: string,
  data: Record<string, unknown>,
): void {
  if (settings.debug_enableMode) logger.info({ extension: 'loyalty', ...data }, `loyalty: ${message}`);
}

/** True when the logger's level lets `info` lines through (callers may then skip reading the settings). */
export function printsInfo(logger: FastifyBaseLogger): boolean {
  return logger.level === 'info' || logger.level === 'debug' || logger.level === 'trace';
}
