import './media.css';
import { Button, FormFileUpload, Modal, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { apiPage, withQuery } from '../../../admin/api.js';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { errorMessage } from '../../../admin/components/request-error.js';
import {
  ACCEPTED_UPLOADS,
  MEDIA_ROUTE,
  type MediaItem,
  previewUrl,
  uploadMediaFile,
} from './media-client.js';

const PICKER_PAGE = withQuery(MEDIA_ROUTE, { per_page: 100 });

/** "Choose from Media Library": a dialog with the newest images and an upload button; `onChoose` gets the one picked. */
export function MediaPicker({ onChoose }: { onChoose: (item: MediaItem) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {__('Choose from Media Library', 'storeside')}
      </Button>
      {open ? (
        <PickerDialog
          onClose={() => setOpen(false)}
          onChoose={(item) => {
            setOpen(false);
            onChoose(item);
          }}
        />
      ) : null}
    </>
  );
}

function PickerDialog({ onClose, onChoose }: { onClose: () => void; onChoose: (item: MediaItem) => void }) {
  const notices = useNotices();
  const list = useApiQuery(PICKER_PAGE, () => apiPage<MediaItem>(PICKER_PAGE));
  useErrorNotice(list.error);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setProblem('');
    try {
      const item = await uploadMediaFile(file);
      notices.show('success', sprintf(__('“%s” uploaded.', 'storeside'), file.name));
      onChoose(item);
    } catch (error) {
      setProblem(sprintf(__('“%1$s” was not uploaded: %2$s', 'storeside'), file.name, errorMessage(error)));
    } finally {
      setUploading(false);
    }
  };
  const items = list.data?.items ?? null;
  return (
    <Modal title={__('Choose an image', 'storeside')} onRequestClose={onClose} size="large">
      <FormFileUpload
        accept={ACCEPTED_UPLOADS}
        onChange={(event) => {
          void upload(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
        render={({ openFileDialog }) => (
          <Button variant="primary" onClick={openFileDialog} isBusy={uploading}>
            {__('Upload an image', 'storeside')}
          </Button>
        )}
      />
      {problem ? (
        <p role="alert" className="storeside-field-error">
          {problem}
        </p>
      ) : null}
      {items === null ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p>{__('No media files found.', 'storeside')}</p>
      ) : (
        <ul className="storeside-media-grid storeside-media-picker">
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className="storeside-media-tile" onClick={() => onChoose(item)}>
                <img src={previewUrl(item, 150)} alt="" loading="lazy" />
                <span className="screen-reader-text">
                  {sprintf(__('Choose %s', 'storeside'), item.alt_text || item.slug)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
