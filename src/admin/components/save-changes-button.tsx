import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/** A settings form's "Save changes" submit button: busy while saving, disabled (but focusable) with nothing to save. */
export function SaveChangesButton({ busy, dirty }: { busy: boolean; dirty: boolean }) {
  return (
    <p>
      <Button variant="primary" type="submit" isBusy={busy} disabled={busy || !dirty} accessibleWhenDisabled>
        {__('Save changes', 'storeside')}
      </Button>
    </p>
  );
}
