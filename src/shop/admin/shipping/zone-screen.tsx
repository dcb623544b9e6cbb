import { Button, SelectControl, Spinner, TextareaControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { api, fieldErrors } from '../../../admin/api.js';
import {
  FORM_SOURCE,
  useApiQuery,
  useErrorNotice,
  useFirstAnswer,
} from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { MethodEditor } from './method-editor.js';
import {
  addMethod,
  locationsFrom,
  locationsText,
  saveLocations,
  saveZone,
  type Zone,
  type ZoneLocation,
  type ZoneMethod,
  ZONES_ROUTE,
} from './shipping-client.js';
import './shipping.css';

interface ZoneDetails {
  zone: Zone;
  locations: ZoneLocation[];
  methods: ZoneMethod[];
  types: Array<{ id: string; title: string }>;
}

async function loadZone(id: number): Promise<ZoneDetails> {
  const [zone, locations, methods, types] = await Promise.all([
    api<Zone>({ path: `${ZONES_ROUTE}/${id}` }),
    id === 0 ? Promise.resolve([]) : api<ZoneLocation[]>({ path: `${ZONES_ROUTE}/${id}/locations` }),
    api<ZoneMethod[]>({ path: `${ZONES_ROUTE}/${id}/methods` }),
    api<Array<{ id: string; title: string }>>({ path: '/wc/v3/shipping_methods' }),
  ]);
  return { zone, locations, methods, types };
}

/** A shipping zone: its name and regions (country, state `US:CA`, continent, postcodes) and its shipping methods. */
export default function ZoneScreen() {
  const notices = useNotices();
  const id = Number(useParams<{ id: string }>().id);
  const valid = Number.isSafeInteger(id) && id >= 0;
  const query = useApiQuery<ZoneDetails>(
    valid ? [`${ZONES_ROUTE}/${id}`, 'editor'] : null,
    () => loadZone(id),
    FORM_SOURCE,
  );
  useErrorNotice(query.error);
  const [name, setName] = useState('');
  const [regions, setRegions] = useState('');
  const [postcodes, setPostcodes] = useState('');
  const [newMethod, setNewMethod] = useState('flat_rate');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useFirstAnswer(id, query.data, (details) => {
    setName(details.zone.name);
    const text = locationsText(details.locations);
    setRegions(text.regions);
    setPostcodes(text.postcodes);
  });

  if (!valid || query.isError)
    return (
      <div>
        <ScreenHeader title={__('Shipping zone', 'storeside')} />
        <p>{__('This shipping zone does not exist.', 'storeside')}</p>
        <Link href="/shop/shipping">{__('Back to shipping zones', 'storeside')}</Link>
      </div>
    );
  const details = query.data;
  if (!details) return <Spinner />;
  const restOfWorld = id === 0;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await saveZone(id, { name });
      await saveLocations(id, locationsFrom({ regions, postcodes }));
      notices.show('success', __('Zone saved.', 'storeside'));
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors({
        name: fields.name ?? '',
        regions: Object.entries(fields)
          .filter(([field]) => field.startsWith('locations'))
          .map(([, message]) => message)
          .join(' '),
      });
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const add = async () => {
    try {
      const method = await addMethod(id, newMethod);
      notices.show('success', sprintf(__('Shipping method "%s" added.', 'storeside'), method.title));
    } catch (error) {
      notices.showError(error);
    }
  };

  return (
    <div className="storeside-shipping">
      <ScreenHeader title={details.zone.name}>
        <Link href="/shop/shipping">{__('Shipping zones', 'storeside')}</Link>
      </ScreenHeader>
      {restOfWorld ? (
        <p>{__('This zone is used for addresses that no other zone covers.', 'storeside')}</p>
      ) : (
        <form onSubmit={save}>
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Zone name', 'storeside')}
            value={name}
            onChange={setName}
            help={errors.name || undefined}
          />
          <TextareaControl
            __nextHasNoMarginBottom
            label={__('Zone regions', 'storeside')}
            help={
              errors.regions ||
              __(
                'One a line: a country (US), a state (US:CA) or a continent (EU). None: everywhere.',
                'storeside',
              )
            }
            value={regions}
            onChange={setRegions}
          />
          <TextareaControl
            __nextHasNoMarginBottom
            label={__('Limit to specific ZIP/postcodes', 'storeside')}
            help={__('One a line; wildcards (902*) and ranges (90210...90299) work.', 'storeside')}
            value={postcodes}
            onChange={setPostcodes}
          />
          <Button variant="primary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
            {__('Save zone', 'storeside')}
          </Button>
        </form>
      )}
      <h2>{__('Shipping methods', 'storeside')}</h2>
      {details.methods.length === 0 ? (
        <p>{__('No shipping methods offered to this zone.', 'storeside')}</p>
      ) : (
        details.methods.map((method) => (
          <MethodEditor
            key={`${method.instance_id}-${JSON.stringify(method.settings)}`}
            zoneId={id}
            method={method}
          />
        ))
      )}
      <div className="storeside-zone-actions">
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Shipping method to add', 'storeside')}
          value={newMethod}
          options={details.types.map((t) => ({ value: t.id, label: t.title }))}
          onChange={setNewMethod}
        />
        <Button variant="secondary" onClick={() => void add()}>
          {__('Add shipping method', 'storeside')}
        </Button>
      </div>
    </div>
  );
}
