import type { Extension } from './define-extension.js';

/** Every extension this build ships, in registration order. */
export const allExtensions: Extension[] = [];
