/** The job hooks of the cart-recovery extension. */
export const HOOKS = {
  detectSession: 'cartrecovery.detect_session_abandonment',
  sweep: 'cartrecovery.detect_abandonment',
  sendStep: 'cartrecovery.send_step',
  prune: 'cartrecovery.prune',
  licenseCheck: 'cartrecovery.license_check',
} as const;
