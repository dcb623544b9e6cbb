import { Button, ProgressBar } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import {
  disconnect,
  formatSyncTime,
  SYNC_STATUS_PATH,
  type SyncStatus,
  syncLibrary,
  type VideoSettings,
} from './videos-client.js';

const STATUS_LABELS: Record<string, string> = {
  connected: __('Connected', 'storeside'),
  failed: __('Connection failed', 'storeside'),
  disconnected: __('Not configured', 'storeside'),
  inactive: __('Not connected', 'storeside'),
};

/**
 * The channel card: connection status, channel, last sync and today's quota; **Sync Library** with its progress
 * (polled while the sync runs) and **Disconnect**. `onChanged` runs after a sync or a disconnect.
 */
export function ConnectionCard(props: { settings: VideoSettings; onChanged: () => void }) {
  const notices = useNotices();
  const [syncing, setSyncing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Polled while the sync runs; a failed read keeps the last status shown.
  const syncStatus = useApiQuery<SyncStatus>(SYNC_STATUS_PATH, undefined, {
    refetchInterval: syncing ? 500 : false,
  });
  const status = syncStatus.data;
  const connected = props.settings.connection_status === 'connected';

  const sync = async () => {
    setSyncing(true);
    try {
      const result = await syncLibrary();
      notices.show(
        'success',
        sprintf(
          __('Library synced: %1$s videos (%2$s added, %3$s removed); %4$s quota units used.', 'storeside'),
          String(result.video_count),
          String(result.added),
          String(result.removed),
          String(result.quota_units),
        ),
      );
      props.onChanged();
    } catch (error) {
      notices.showError(error);
    } finally {
      setSyncing(false);
      void syncStatus.refetch();
    }
  };

  const disconnectNow = async () => {
    setConfirming(false);
    try {
      const reply = await disconnect();
      notices.show('success', reply.message);
      props.onChanged();
    } catch (error) {
      notices.showError(error);
    }
  };

  const progress = status?.progress;
  return (
    <section className="storeside-panel storeside-video-connection" aria-labelledby="video-connection-title">
      <h2 id="video-connection-title">{__('Channel', 'storeside')}</h2>
      <dl className="storeside-figures">
        <div>
          <dt>{__('Status', 'storeside')}</dt>
          <dd>{STATUS_LABELS[props.settings.connection_status] ?? props.settings.connection_status}</dd>
        </div>
        <div>
          <dt>{__('Channel', 'storeside')}</dt>
          <dd>{props.settings.channel_name || '—'}</dd>
        </div>
        <div>
          <dt>{__('Last sync', 'storeside')}</dt>
          <dd>{formatSyncTime(props.settings.last_sync_time)}</dd>
        </div>
        <div>
          <dt>{__('Videos', 'storeside')}</dt>
          <dd>{(status?.library_size ?? 0).toLocaleString()}</dd>
        </div>
        <div>
          <dt>{__('Quota used today', 'storeside')}</dt>
          <dd>{sprintf(__('%s units', 'storeside'), (status?.quota_used_today ?? 0).toLocaleString())}</dd>
        </div>
      </dl>
      {syncing ? (
        <div aria-live="polite">
          <ProgressBar
            value={progress && progress.total > 0 ? (100 * progress.done) / progress.total : undefined}
            aria-label={__('Sync progress', 'storeside')}
          />
          <p className="storeside-muted">
            {progress && progress.total > 0
              ? sprintf(
                  __('Syncing: %1$s of %2$s videos…', 'storeside'),
                  String(progress.done),
                  String(progress.total),
                )
              : __('Syncing…', 'storeside')}
          </p>
        </div>
      ) : null}
      {status?.last_error && !syncing ? (
        <p className="storeside-muted" role="status">
          {sprintf(__('The last sync failed: %s', 'storeside'), status.last_error.message)}
        </p>
      ) : null}
      <div className="storeside-inline-form">
        <Button
          variant="primary"
          onClick={sync}
          isBusy={syncing}
          accessibleWhenDisabled
          disabled={!connected || syncing}
        >
          {__('Sync Library', 'storeside')}
        </Button>
        {connected ? (
          <Button variant="secondary" isDestructive onClick={() => setConfirming(true)}>
            {__('Disconnect', 'storeside')}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={__('Disconnect the channel?', 'storeside')}
          message={__(
            'Syncing stops until you connect again. The library and the products’ videos stay as they are.',
            'storeside',
          )}
          confirmLabel={__('Disconnect', 'storeside')}
          onConfirm={disconnectNow}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
