import { type FormEvent, useCallback, useState } from 'react';
import { fieldErrors } from '../api.js';
import { FORM_SOURCE, useApiQuery, useErrorNotice, useFirstAnswer } from './api-query.js';
import { useNotices } from './notices.js';
import { useUnsavedChangesWarning } from './use-unsaved-changes.js';

/**
 * A form over one saved record (settings, a campaign): reads it from `path` (through `load` when given), keeps
 * an editable draft (warning before leaving while it differs), saves on submit and puts the route's errors at
 * their fields (`errors[field]`) as well as in a notice.
 */
export function useSavedForm<Saved, Draft>(options: {
  path: string;
  load?: () => Promise<Saved>;
  save: (draft: Draft) => Promise<Saved>;
  toDraft: (saved: Saved) => Draft;
  savedMessage: string;
}) {
  const { path, load, save, toDraft, savedMessage } = options;
  const notices = useNotices();
  const [saved, setSaved] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const record = useApiQuery<Saved>(path, load, FORM_SOURCE);
  useErrorNotice(record.error);
  useFirstAnswer(path, record.data, (loaded) => {
    setSaved(toDraft(loaded));
    setDraft(toDraft(loaded));
  });
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
