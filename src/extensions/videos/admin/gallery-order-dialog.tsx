import { Button, Modal } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type DragEvent, useState } from 'react';
import { useNotices } from '../../../admin/components/notices.js';
import { assignVideos, saveVideoOrder, type VideoProduct } from './videos-client.js';

type Assigned = VideoProduct['assigned_videos'][number];

/** Moves the item at `from` to `to`. */
function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * One product's gallery: reorder by dragging or with the Move up / Move down buttons (keyboard), **Save order**,
 * and remove a video at once. `onChanged` runs after each saved change.
 */
export function GalleryOrderDialog(props: {
  product: VideoProduct;
  onChanged: () => void;
  onClose: () => void;
}) {
  const notices = useNotices();
  const [videos, setVideos] = useState<Assigned[]>(props.product.assigned_videos);
  const [dragging, setDragging] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = props.product.assigned_videos.map((v) => v.id).join(',');
  const dirty = videos.map((v) => v.id).join(',') !== saved;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= videos.length) return;
    setVideos(moved(videos, from, to));
  };
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };
  const save = async () => {
    setBusy(true);
    try {
      await saveVideoOrder(
        props.product.id,
        videos.map((v) => v.id),
      );
      notices.show('success', sprintf(__('Video order of %s saved.', 'storeside'), props.product.name));
      props.onChanged();
      props.onClose();
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (video: Assigned) => {
    setBusy(true);
    try {
      await assignVideos([props.product.id], [video.id], 'remove');
      setVideos((list) => list.filter((v) => v.id !== video.id));
      notices.show(
        'success',
        sprintf(__('“%1$s” removed from %2$s.', 'storeside'), video.title, props.product.name),
      );
      props.onChanged();
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={sprintf(__('Videos of %s', 'storeside'), props.product.name)}
      onRequestClose={props.onClose}
    >
      {videos.length === 0 ? (
        <p>{__('This product has no videos.', 'storeside')}</p>
      ) : (
        <ol className="storeside-gallery-order" aria-label={__('Gallery order', 'storeside')}>
          {videos.map((video, index) => (
            <li
              key={video.id}
              draggable
              data-dragging={dragging === index}
              onDragStart={() => setDragging(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => drop(event, index)}
              onDragEnd={() => setDragging(null)}
            >
              <img src={video.thumbnail_url} alt="" width={80} height={45} />
              <span className="title">{video.title}</span>
              <Button
                size="small"
                variant="secondary"
                accessibleWhenDisabled
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                label={sprintf(__('Move %s up', 'storeside'), video.title)}
                showTooltip={false}
              >
                ↑
              </Button>
              <Button
                size="small"
                variant="secondary"
                accessibleWhenDisabled
                disabled={index === videos.length - 1}
                onClick={() => move(index, index + 1)}
                label={sprintf(__('Move %s down', 'storeside'), video.title)}
                showTooltip={false}
              >
                ↓
              </Button>
              <Button
                size="small"
                variant="tertiary"
                isDestructive
                disabled={busy}
                onClick={() => remove(video)}
                label={sprintf(__('Remove %s', 'storeside'), video.title)}
                showTooltip={false}
              >
                {__('Remove', 'storeside')}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="storeside-inline-form">
        <Button variant="tertiary" onClick={props.onClose}>
          {__('Close', 'storeside')}
        </Button>
        <Button
          variant="primary"
          isBusy={busy}
          accessibleWhenDisabled
          disabled={!dirty || busy}
          onClick={save}
        >
          {__('Save order', 'storeside')}
        </Button>
      </div>
    </Modal>
  );
}
