import { Button, Modal } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/** A small titled dialog asking to confirm a destructive action: the question, Cancel and the action's button. */
export function ConfirmDialog(props: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={props.title} onRequestClose={props.onCancel} size="small">
      <p>{props.message}</p>
      <div className="storeside-inline-form">
        <Button variant="tertiary" onClick={props.onCancel}>
          {__('Cancel', 'storeside')}
        </Button>
        <Button variant="primary" isDestructive onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
