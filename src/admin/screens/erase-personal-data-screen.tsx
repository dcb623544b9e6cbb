import { Button, CheckboxControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import type { ErasureRequestView } from '../../platform/privacy/privacy.schemas.js';
import { fieldErrors } from '../api.js';
import { useListQuery } from '../components/list-query.js';
import { ListScreen, useListPage } from '../components/list-screen.js';
import { useNotices } from '../components/notices.js';
import { ScreenHeader } from '../components/screen-header.js';
import type { Column } from '../components/server-table.js';
import { DateTime } from './date-time.js';
import { addErasureRequest, eraseRequest, erasureRequestsPath } from './platform-client.js';
import './platform-screens.css';

/**
 * Tools → Erase Personal Data (WordPress's privacy tool): add a request for a username or e-mail (with or without
 * the confirmation e-mail), the requests with their status, and "Erase personal data" on a confirmed one, which
 * runs every module's eraser and shows what each said.
 */
export default function ErasePersonalDataScreen() {
  const list = useListQuery();
  return (
    <>
      <ScreenHeader title={__('Erase Personal Data', 'storeside')} />
      <AddRequestForm />
      <ListScreen<ErasureRequestView>
        list={list}
        data={useListPage(erasureRequestsPath(list.page, list.perPage))}
        label={__('Erasure requests', 'storeside')}
        countLabel={['%s request', '%s requests']}
        columns={requestColumns()}
        getItemId={(request) => String(request.id)}
        empty={__('No items found.', 'storeside')}
      />
    </>
  );
}

function AddRequestForm() {
  const notices = useNotices();
  const [login, setLogin] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await addErasureRequest({ username_or_email: login.trim(), send_confirmation_email: sendEmail });
      setLogin('');
      setError(undefined);
      notices.show(
        'success',
        sendEmail
          ? __('Confirmation request initiated successfully.', 'storeside')
          : __('Request added successfully.', 'storeside'),
      );
    } catch (failure) {
      const field = fieldErrors(failure).username_or_email;
      if (field) setError(field);
      else notices.showError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="storeside-panel storeside-form" onSubmit={submit} aria-labelledby="erasure-add-heading">
      <h2 id="erasure-add-heading">{__('Add Data Erasure Request', 'storeside')}</h2>
      <TextControl
        __next40pxDefaultSize
        label={__('Username or email address', 'storeside')}
        value={login}
        onChange={setLogin}
        required
        help={error}
        aria-invalid={error ? true : undefined}
      />
      <CheckboxControl
        label={__('Send personal data erasure confirmation email', 'storeside')}
        checked={sendEmail}
        onChange={setSendEmail}
      />
      <Button variant="secondary" type="submit" isBusy={busy} aria-disabled={busy}>
        {__('Send Request', 'storeside')}
      </Button>
    </form>
  );
}

function statusLabel(status: ErasureRequestView['status']): string {
  if (status === 'pending') return __('Pending', 'storeside');
  if (status === 'confirmed') return __('Confirmed', 'storeside');
  return __('Completed', 'storeside');
}

function requestColumns(): Column<ErasureRequestView>[] {
  return [
    { id: 'email', label: __('Requester', 'storeside'), render: (request) => request.email },
    {
      id: 'status',
      label: __('Status', 'storeside'),
      render: (request) => <span className="storeside-badge">{statusLabel(request.status)}</span>,
    },
    {
      id: 'created_at',
      label: __('Requested', 'storeside'),
      render: (request) => <DateTime value={request.created_at} />,
    },
    {
      id: 'next',
      label: __('Next steps', 'storeside'),
      render: (request) => <NextSteps request={request} />,
    },
  ];
}

function NextSteps({ request }: { request: ErasureRequestView }) {
  const notices = useNotices();
  const [busy, setBusy] = useState(false);
  if (request.status === 'pending') return <>{__('Waiting for confirmation', 'storeside')}</>;
  const erase = async () => {
    setBusy(true);
    try {
      await eraseRequest(request.id);
      notices.show('success', __('Erasure completed.', 'storeside'));
    } catch (failure) {
      notices.showError(failure);
    } finally {
      setBusy(false);
    }
  };
  const messages = request.result.flatMap((report) =>
    report.messages.map((message) => sprintf('%1$s: %2$s', report.friendly_name, message)),
  );
  return (
    <>
      {request.status === 'confirmed' ? (
        <Button
          variant="secondary"
          size="compact"
          isBusy={busy}
          aria-disabled={busy}
          onClick={busy ? undefined : erase}
          aria-label={sprintf(__('Erase personal data of %s', 'storeside'), request.email)}
        >
          {__('Erase personal data', 'storeside')}
        </Button>
      ) : messages.length === 0 ? (
        __('No personal data was found for this user.', 'storeside')
      ) : (
        <ul className="storeside-erasure-messages">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </>
  );
}
