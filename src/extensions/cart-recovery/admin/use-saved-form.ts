import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import { useNotices } from '../../../admin/components/notices.js';
import { useUnsavedChangesWarning } from '../../../admin/components/use-unsaved-changes.js';

/**
 * A form over one saved record: loads it, keeps an editable draft (warning before leaving while it differs),
 * saves on submit and puts the route's errors at their fields (`errors[field]`).
 */
export function useSavedForm<Saved, Draft>(options: {
  load: () => Promise<Saved>;
  save: (draft: Draft) => Promise<Saved>;
  toDraft: (saved: Saved) => Draft;
  savedMessage: string;
}) {
  const { load, save, toDraft, savedMessage } = options;
  const notices = useNotices();
  const [saved, setSaved] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once; the callers pass module functions
  useEffect(() => {
    load().then(
      (record) => {
        setSaved(toDraft(record));
        setDraft(toDraft(record));
      },
      (error) => notices.showError(error),
    );
  }, [notices]);
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);
  useUnsavedChangesWarning(dirty);
  const submit = useCallback(
    async (event: FormEvent) => {
      event.preventDefault();
      if (busy || !dirty || draft === null) return;
      notices.clear();
      setBusy(true);
      try {
        const next = toDraft(await save(draft));
        setSaved(next);
        setDraft(next);
        setErrors({});
        notices.show('success', savedMessage);
      } catch (error) {
        setErrors(fieldErrors(error));
        notices.showError(error);
      } finally {
        setBusy(false);
      }
    },
    [busy, dirty, draft, notices, save, toDraft, savedMessage],
  );
  return { saved, draft, setDraft, errors, busy, dirty, submit };
}
