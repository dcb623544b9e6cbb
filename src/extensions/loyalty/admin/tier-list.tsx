import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { Tier } from '../loyalty.schemas.js';

/** The VIP tiers: a name, the tier points that reach it and its earning multiplier, one row each. */
export function TierList(props: {
  tiers: Tier[];
  onChange: (tiers: Tier[]) => void;
  errors: Record<string, string>;
}) {
  const update = (index: number, change: Partial<Tier>) =>
    props.onChange(props.tiers.map((tier, i) => (i === index ? { ...tier, ...change } : tier)));
  const number = (value: string) => (value === '' ? Number.NaN : Number(value));
  return (
    <fieldset className="storeside-tiers">
      <legend>{__('Tiers', 'storeside')}</legend>
      {props.tiers.map((tier, index) => (
        <fieldset
          className="storeside-filters"
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is a position in the list being edited
          key={index}
        >
          <legend className="screen-reader-text">
            {sprintf(__('Tier %s', 'storeside'), String(index + 1))}
          </legend>
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={sprintf(__('Tier %s name', 'storeside'), String(index + 1))}
            value={tier.name}
            onChange={(name) => update(index, { name })}
            help={props.errors[`tiers_config.${index}.name`]}
          />
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            type="number"
            min={0}
            label={sprintf(__('Tier %s threshold', 'storeside'), String(index + 1))}
            value={Number.isNaN(tier.threshold) ? '' : String(tier.threshold)}
            onChange={(value) => update(index, { threshold: number(value) })}
            help={props.errors[`tiers_config.${index}.threshold`]}
          />
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            type="number"
            step="any"
            min={0}
            label={sprintf(__('Tier %s multiplier', 'storeside'), String(index + 1))}
            value={Number.isNaN(tier.multiplier) ? '' : String(tier.multiplier)}
            onChange={(value) => update(index, { multiplier: number(value) })}
            help={props.errors[`tiers_config.${index}.multiplier`]}
          />
          <Button
            variant="tertiary"
            isDestructive
            disabled={props.tiers.length <= 1}
            onClick={() => props.onChange(props.tiers.filter((_, i) => i !== index))}
          >
            {sprintf(__('Remove tier %s', 'storeside'), String(index + 1))}
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        disabled={props.tiers.length >= 20}
        onClick={() => props.onChange([...props.tiers, { name: '', threshold: 0, multiplier: 1 }])}
      >
        {__('Add tier', 'storeside')}
      </Button>
    </fieldset>
  );
}
