import { Button, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../../../admin/api.js';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import {
  deleteZone,
  saveZone,
  type Zone,
  type ZoneLocation,
  type ZoneMethod,
  ZONES_ROUTE,
} from './shipping-client.js';
import './shipping.css';

/** A zone with what the list shows of it. */
interface ZoneRow {
  zone: Zone;
  locations: ZoneLocation[];
  methods: ZoneMethod[];
}

async function loadZones(): Promise<ZoneRow[]> {
  const zones = await api<Zone[]>({ path: ZONES_ROUTE });
  return Promise.all(
    zones.map(async (zone) => ({
      zone,
      locations:
        zone.id === 0 ? [] : await api<ZoneLocation[]>({ path: `${ZONES_ROUTE}/${zone.id}/locations` }),
      methods: await api<ZoneMethod[]>({ path: `${ZONES_ROUTE}/${zone.id}/methods` }),
    })),
  );
}

/**
 * Shipping zones (WooCommerce → Settings → Shipping): every zone with its regions and methods, in the order they
 * are matched; reorder by dragging a row or with its Move up / Move down buttons (keyboard), add, edit, delete.
 * "Locations not covered by your other zones" stays last.
 */
export default function ZonesScreen() {
  const notices = useNotices();
  const [, navigate] = useLocation();
  const query = useApiQuery<ZoneRow[]>([ZONES_ROUTE, 'overview'], loadZones);
  useErrorNotice(query.error);
  const [dragged, setDragged] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Zone | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = query.data ?? null;
  const own = rows?.filter((r) => r.zone.id !== 0) ?? [];
  const rest = rows?.find((r) => r.zone.id === 0);

  const reorder = async (from: number, to: number) => {
    if (from === to || to < 0 || to >= own.length) return;
    const next = [...own];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setBusy(true);
    try {
      // Orders 0, 1, 2 … in the new sequence; only the zones whose order changes are written.
      await Promise.all(
        next.map((row, order) => (row.zone.order === order ? null : saveZone(row.zone.id, { order }))),
      );
      notices.show(
        'success',
        sprintf(__('Zone "%1$s" moved to position %2$d.', 'storeside'), moved!.zone.name, to + 1),
      );
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (zone: Zone) => {
    setDeleting(null);
    try {
      await deleteZone(zone.id);
      notices.show('success', sprintf(__('Zone "%s" deleted.', 'storeside'), zone.name));
    } catch (error) {
      notices.showError(error);
    }
  };

  const addZone = async () => {
    try {
      const zone = await saveZone(null, { name: __('New zone', 'storeside'), order: own.length });
      navigate(`/shop/shipping/zones/${zone.id}`);
    } catch (error) {
      notices.showError(error);
    }
  };

  return (
    <div className="storeside-shipping">
      <ScreenHeader title={__('Shipping zones', 'storeside')}>
        <Button variant="secondary" onClick={addZone}>
          {__('Add zone', 'storeside')}
        </Button>
        <Link href="/shop/shipping/classes">{__('Shipping classes', 'storeside')}</Link>
      </ScreenHeader>
      <p>
        {__(
          'A shipping zone is a geographic region where a set of shipping methods is offered. Customers are matched to the first zone, top to bottom, that covers their address.',
          'storeside',
        )}
      </p>
      {rows === null ? (
        <Spinner />
      ) : (
        <table className="wp-list-table widefat striped storeside-zones" aria-busy={busy}>
          <thead>
            <tr>
              <th scope="col">{__('Zone name', 'storeside')}</th>
              <th scope="col">{__('Regions', 'storeside')}</th>
              <th scope="col">{__('Shipping methods', 'storeside')}</th>
              <th scope="col">{__('Actions', 'storeside')}</th>
            </tr>
          </thead>
          <tbody>
            {own.map((row, index) => (
              <tr
                key={row.zone.id}
                draggable={!busy}
                onDragStart={() => setDragged(index)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null) void reorder(dragged, index);
                  setDragged(null);
                }}
                className={dragged === index ? 'is-dragging' : undefined}
              >
                <td>
                  <span className="storeside-drag-handle" aria-hidden="true">
                    ⠿
                  </span>{' '}
                  <Link href={`/shop/shipping/zones/${row.zone.id}`}>{row.zone.name}</Link>
                </td>
                <td>{regionsText(row.locations)}</td>
                <td>{methodsText(row.methods)}</td>
                <td className="storeside-zone-actions">
                  <Button
                    variant="tertiary"
                    size="small"
                    disabled={busy || index === 0}
                    accessibleWhenDisabled
                    onClick={() => void reorder(index, index - 1)}
                    label={sprintf(__('Move %s up', 'storeside'), row.zone.name)}
                  >
                    {__('Move up', 'storeside')}
                  </Button>
                  <Button
                    variant="tertiary"
                    size="small"
                    disabled={busy || index === own.length - 1}
                    accessibleWhenDisabled
                    onClick={() => void reorder(index, index + 1)}
                    label={sprintf(__('Move %s down', 'storeside'), row.zone.name)}
                  >
                    {__('Move down', 'storeside')}
                  </Button>
                  <Button
                    variant="link"
                    isDestructive
                    onClick={() => setDeleting(row.zone)}
                    label={sprintf(__('Delete %s', 'storeside'), row.zone.name)}
                  >
                    {__('Delete', 'storeside')}
                  </Button>
                </td>
              </tr>
            ))}
            {rest ? (
              <tr>
                <td>
                  <Link href="/shop/shipping/zones/0">{rest.zone.name}</Link>
                </td>
                <td>{__('Everywhere else', 'storeside')}</td>
                <td>{methodsText(rest.methods)}</td>
                <td />
              </tr>
            ) : null}
          </tbody>
        </table>
      )}
      {deleting ? (
        <ConfirmDialog
          title={__('Delete zone', 'storeside')}
          message={sprintf(
            __('Delete "%s" with its regions and shipping methods?', 'storeside'),
            deleting.name,
          )}
          confirmLabel={__('Delete', 'storeside')}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

function regionsText(locations: ZoneLocation[]): string {
  return locations.length === 0 ? __('Everywhere', 'storeside') : locations.map((l) => l.code).join(', ');
}

function methodsText(methods: ZoneMethod[]): string {
  if (methods.length === 0) return __('No shipping methods offered to this zone.', 'storeside');
  return methods
    .map((m) => (m.enabled ? m.title : sprintf(__('%s (disabled)', 'storeside'), m.title)))
    .join(', ');
}
