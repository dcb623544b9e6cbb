import { defineExtension } from '../../src/extensions/define-extension.js';
import { ADMIN_CAPABILITY } from './common/admin-policy.js';
import { expiryJobs, scheduleExpiryJob } from './expiry/expiry.jobs.js';
import { NOTICE_SETTINGS } from './settings/settings.js';
import { storeNoticeServices } from './store-notice.services.js';
import { registerStoreNotice } from './storefront/store-notice.storefront.js';

/** A notice at the top of every storefront page, set in the admin and switched off after its last day. */
export const storeNoticeExtension = defineExtension({
  name: 'store_notice',
  migrations: {},
  namespaces: [{ namespace: 'storenotice/v1' }],
  admin: { capability: ADMIN_CAPABILITY },
  capabilities: { [ADMIN_CAPABILITY]: ['administrator'] },
  services: storeNoticeServices,
  settings: [NOTICE_SETTINGS],
  storefront(_app, services) {
    registerStoreNotice(services);
  },
  jobs: expiryJobs,
  setup: scheduleExpiryJob,
});
