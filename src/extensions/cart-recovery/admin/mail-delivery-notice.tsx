import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { Link } from 'wouter';
import { userCan } from '../../../admin/boot.js';
import { useApiQuery } from '../../../admin/components/api-query.js';
import type { MailDelivery } from '../settings/mail-delivery.schemas.js';
import { MAIL_DELIVERY_PATH } from './config-client.js';

/** A warning while no `SMTP_URL` is set: every e-mail stays in the outbox instead of reaching shoppers. */
export function MailDeliveryNotice() {
  const delivery = useApiQuery<MailDelivery>(MAIL_DELIVERY_PATH);
  if (delivery.data?.transport !== 'outbox') return null;
  return (
    <Notice status="warning" isDismissible={false}>
      {__(
        'No SMTP server is configured (SMTP_URL is not set): recovery e-mails are not delivered but kept in the outbox.',
        'storeside',
      )}{' '}
      {userCan('manage_options') ? (
        <Link href="/tools/outbox">{__('Open the Outbox', 'storeside')}</Link>
      ) : null}
    </Notice>
  );
}
