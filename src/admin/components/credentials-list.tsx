import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { type ReactNode, type RefObject, useState } from 'react';
import { useApiQuery } from './api-query.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { useNotices } from './notices.js';
import { errorMessage } from './request-error.js';

/** What a credentials list shows of one kind of credential, and how one is revoked. */
export interface CredentialsKind<T> {
  /** The route that lists them (read through the query cache; a write reloads it). */
  path: string;
  caption: string;
  empty: string;
  columns: Array<{ label: string; render: (item: T) => ReactNode }>;
  idOf: (item: T) => string;
  revokeLabel: (item: T) => string;
  confirmTitle: string;
  confirmMessage: (item: T) => string;
  revoke: (item: T) => Promise<unknown>;
  revokedMessage: (item: T) => string;
}

/**
 * A user's credentials of one kind (Application Passwords, REST API keys): the table, and Revoke on each row
 * after a confirmation; the keyboard goes back to `returnFocus` once the dialog closes.
 */
export function CredentialsList<T>({
  kind,
  returnFocus,
}: {
  kind: CredentialsKind<T>;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const notices = useNotices();
  const list = useApiQuery<T[]>(kind.path);
  const [revoking, setRevoking] = useState<T | null>(null);
  const items = list.data ?? null;
  const span = kind.columns.length + 1;

  const revoke = async (item: T) => {
    try {
      await kind.revoke(item);
      notices.show('success', kind.revokedMessage(item));
    } catch (error) {
      notices.showError(error);
    } finally {
      setRevoking(null);
      returnFocus.current?.focus();
    }
  };

  return (
    <>
      {list.error ? (
        <p role="alert">{errorMessage(list.error)}</p>
      ) : (
        <table className="storeside-table">
          <caption className="screen-reader-text">{kind.caption}</caption>
          <thead>
            <tr>
              {kind.columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
              <th scope="col">
                <span className="screen-reader-text">{__('Actions', 'storeside')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items === null ? (
              <tr>
                <td colSpan={span}>{__('Loading…', 'storeside')}</td>
              </tr>
            ) : items.length === 0 ? (
              <tr>
                <td colSpan={span}>{kind.empty}</td>
              </tr>
            ) : (
              items.map((item) => (
                <tr key={kind.idOf(item)}>
                  {kind.columns.map((column) => (
                    <td key={column.label}>{column.render(item)}</td>
                  ))}
                  <td>
                    <Button
                      variant="secondary"
                      isDestructive
                      onClick={() => setRevoking(item)}
                      aria-label={kind.revokeLabel(item)}
                    >
                      {__('Revoke', 'storeside')}
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
      {revoking ? (
        <ConfirmDialog
          title={kind.confirmTitle}
          message={kind.confirmMessage(revoking)}
          confirmLabel={__('Revoke', 'storeside')}
          onConfirm={() => revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </>
  );
}
