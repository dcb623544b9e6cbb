import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { useNotices } from '../../../admin/components/notices.js';
import { clearLogs, deleteAllData, type VideoSettings } from './videos-client.js';

const CONFIRM_WORD = 'DELETE';

/** **Clear logs**, and **Delete all data** (settings, assignments, the library) once the confirmation word is typed. */
export function DangerZone(props: { onWiped: (settings: VideoSettings) => void }) {
  const notices = useNotices();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<{ message: string }>, after?: () => void) => {
    setBusy(true);
    try {
      notices.show('success', (await action()).message);
      after?.();
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const wipe = () =>
    act(async () => {
      const reply = await deleteAllData();
      props.onWiped(reply.data);
      setTyped('');
      return reply;
    });
  return (
    <section className="storeside-panel" aria-labelledby="videos-danger">
      <h2 id="videos-danger">{__('Logs and data', 'storeside')}</h2>
      <p>
        <Button variant="secondary" disabled={busy} onClick={() => act(clearLogs)}>
          {__('Clear logs', 'storeside')}
        </Button>
      </p>
      <p>
        {__(
          'Delete all data removes the connection, every setting, the synced library and every product’s videos. It cannot be undone.',
          'storeside',
        )}
      </p>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={sprintf(__('Type %s to confirm', 'storeside'), CONFIRM_WORD)}
        value={typed}
        autoComplete="off"
        onChange={setTyped}
      />
      <p>
        <Button
          variant="primary"
          isDestructive
          accessibleWhenDisabled
          disabled={busy || typed !== CONFIRM_WORD}
          onClick={wipe}
        >
          {__('Delete all data', 'storeside')}
        </Button>
      </p>
    </section>
  );
}
