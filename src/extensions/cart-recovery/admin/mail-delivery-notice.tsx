import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { userCan } from '../../../admin/boot.js';
import { fetchMailDelivery } from './config-client.js';

/** A warning while no `SMTP_URL` is set: every e-mail stays in the outbox instead of reaching shoppers. */
export function MailDeliveryNotice() {
  const [transport, setTransport] = useState<'smtp' | 'outbox' | null>(null);
  useEffect(() => {
    fetchMailDelivery().then(
      (delivery) => setTransport(delivery.transport),
      () => setTransport(null),
    );
  }, []);
  if (transport !== 'outbox') return null;
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
