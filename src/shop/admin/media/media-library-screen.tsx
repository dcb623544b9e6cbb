import './media.css';
import { Button, DropZone, FormFileUpload, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { apiPage, fieldErrors, withQuery } from '../../../admin/api.js';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import { errorMessage } from '../../../admin/components/request-error.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import { invalidFieldProps } from '../../../admin/screens/user-form-errors.js';
import {
  ACCEPTED_UPLOADS,
  deleteMediaItem,
  MEDIA_ROUTE,
  type MediaItem,
  previewUrl,
  updateMediaItem,
  uploadMediaFile,
} from './media-client.js';

const PER_PAGE = 40;

/**
 * Media → Library: the images as a grid, upload by Add New Media File or by dropping files on the grid, and the
 * chosen image's details, alt text and delete.
 */
export default function MediaLibraryScreen() {
  const notices = useNotices();
  const [query, setQuery] = useQueryState();
  const page = Math.max(1, Number(query.page) || 1);
  const listQuery = useApiQuery(withQuery(MEDIA_ROUTE, { page, per_page: PER_PAGE }), () =>
    apiPage<MediaItem>(withQuery(MEDIA_ROUTE, { page, per_page: PER_PAGE })),
  );
  useErrorNotice(listQuery.error);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [uploading, setUploading] = useState(0);
  const items = listQuery.data?.items ?? null;
  const selected = items?.find((i) => i.id === selectedId) ?? null;

  const upload = async (list: File[]) => {
    setUploading((n) => n + list.length);
    for (const file of list) {
      try {
        const item = await uploadMediaFile(file);
        notices.show('success', sprintf(__('“%s” uploaded.', 'storeside'), file.name));
        setSelectedId(item.id);
      } catch (error) {
        notices.show(
          'error',
          sprintf(__('“%1$s” was not uploaded: %2$s', 'storeside'), file.name, errorMessage(error)),
        );
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <>
      <ScreenHeader title={__('Media Library', 'storeside')}>
        <FormFileUpload
          accept={ACCEPTED_UPLOADS}
          multiple
          onChange={(event) => {
            void upload([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
          render={({ openFileDialog }) => (
            <Button __next40pxDefaultSize variant="primary" onClick={openFileDialog} isBusy={uploading > 0}>
              {__('Add New Media File', 'storeside')}
            </Button>
          )}
        />
      </ScreenHeader>
      <p className="description">
        {__(
          'Drop images on the library or use the button: JPEG, PNG, WebP, GIF or AVIF. SVG files are not accepted.',
          'storeside',
        )}
      </p>
      <div className="storeside-media-library">
        <section aria-labelledby="media-grid-heading" className="storeside-media-grid-section">
          <DropZone
            label={__('Drop files to upload', 'storeside')}
            onFilesDrop={(files) => void upload(files)}
          />
          <h2 id="media-grid-heading" className="screen-reader-text">
            {__('Images', 'storeside')}
          </h2>
          {items === null ? (
            <Spinner />
          ) : items.length === 0 ? (
            <p>{__('No media files found.', 'storeside')}</p>
          ) : (
            <ul className="storeside-media-grid">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="storeside-media-tile"
                    aria-pressed={item.id === selectedId}
                    onClick={() => setSelectedId(item.id)}
                  >
                    <img
                      src={previewUrl(item, 150)}
                      alt={item.alt_text || item.title.rendered}
                      loading="lazy"
                    />
                    <span className="screen-reader-text">
                      {sprintf(__('Select %s', 'storeside'), item.slug)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {listQuery.data && listQuery.data.totalPages > 1 ? (
            <nav className="storeside-inline-form" aria-label={__('Media pages', 'storeside')}>
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setQuery({ page: String(page - 1) })}
              >
                {__('Previous page', 'storeside')}
              </Button>
              <span>{sprintf(__('Page %1$d of %2$d', 'storeside'), page, listQuery.data.totalPages)}</span>
              <Button
                variant="secondary"
                disabled={page >= listQuery.data.totalPages}
                onClick={() => setQuery({ page: String(page + 1) })}
              >
                {__('Next page', 'storeside')}
              </Button>
            </nav>
          ) : null}
        </section>
        {selected ? (
          <MediaDetails key={selected.id} item={selected} onDeleted={() => setSelectedId(null)} />
        ) : null}
      </div>
    </>
  );
}

/** The chosen image: preview, file facts, Title and Alternative text with Save, and Delete permanently. */
function MediaDetails({ item, onDeleted }: { item: MediaItem; onDeleted: () => void }) {
  const notices = useNotices();
  const [title, setTitle] = useState(decodeEntities(item.title.rendered));
  const [alt, setAlt] = useState(item.alt_text);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await updateMediaItem(item.id, { title, alt_text: alt });
      notices.show('success', __('Media file updated.', 'storeside'));
      setErrors({});
    } catch (error) {
      const byField = fieldErrors(error);
      if (Object.keys(byField).length > 0) setErrors(byField);
      else notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setConfirming(false);
    try {
      await deleteMediaItem(item.id);
      notices.show('success', __('Media file deleted permanently.', 'storeside'));
      onDeleted();
    } catch (error) {
      notices.showError(error);
    }
  };

  return (
    <form
      className="storeside-panel storeside-form storeside-media-details"
      onSubmit={save}
      noValidate
      aria-labelledby="media-details-heading"
    >
      <h2 id="media-details-heading">{__('Attachment details', 'storeside')}</h2>
      <img src={previewUrl(item, 300)} alt="" className="storeside-media-preview" />
      <dl>
        <dt>{__('File name', 'storeside')}</dt>
        <dd>{item.media_details.file.split('/').pop()}</dd>
        <dt>{__('File type', 'storeside')}</dt>
        <dd>{item.mime_type}</dd>
        <dt>{__('Dimensions', 'storeside')}</dt>
        <dd>
          {sprintf(
            __('%1$d by %2$d pixels', 'storeside'),
            item.media_details.width,
            item.media_details.height,
          )}
        </dd>
        <dt>{__('File URL', 'storeside')}</dt>
        <dd>
          <a href={item.source_url} target="_blank" rel="noreferrer">
            {item.source_url}
          </a>
        </dd>
      </dl>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Alternative text', 'storeside')}
        value={alt}
        onChange={setAlt}
        {...invalidFieldProps(errors.alt_text)}
        help={
          errors.alt_text ?? __('Describe what the image shows, for people who cannot see it.', 'storeside')
        }
      />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Title', 'storeside')}
        value={title}
        onChange={setTitle}
        {...invalidFieldProps(errors.title)}
      />
      <div className="storeside-inline-form">
        <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
          {__('Save', 'storeside')}
        </Button>
        <Button variant="tertiary" isDestructive onClick={() => setConfirming(true)}>
          {__('Delete permanently', 'storeside')}
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={__('Delete media file', 'storeside')}
          message={__(
            'The file and all its sizes will be deleted; pages showing it lose the image.',
            'storeside',
          )}
          confirmLabel={__('Delete permanently', 'storeside')}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </form>
  );
}

// `title.rendered` is HTML-escaped text; the field edits the text itself.
function decodeEntities(html: string): string {
  const element = document.createElement('textarea');
  element.innerHTML = html;
  return element.value;
}
