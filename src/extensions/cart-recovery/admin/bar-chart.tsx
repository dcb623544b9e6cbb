import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { downloadCsv } from './cart-recovery-client.js';

/** One bar: its label, value and how the value reads. */
export interface Bar {
  label: string;
  value: number;
  display: string;
}

/**
 * A horizontal bar chart in CSS (bars hidden from assistive technology), its data as a table (the accessible
 * alternative, behind a disclosure) and a CSV download of the same rows.
 */
export function BarChart(props: { title: string; valueLabel: string; bars: Bar[]; filename: string }) {
  const top = Math.max(1, ...props.bars.map((b) => b.value));
  return (
    <figure className="cr-chart">
      <figcaption>
        <h2>{props.title}</h2>
      </figcaption>
      <div className="cr-bars" aria-hidden="true">
        {props.bars.map((bar) => (
          <div className="cr-bar-row" key={bar.label}>
            <span className="cr-bar-label">{bar.label}</span>
            <span className="cr-bar-track">
              <span className="cr-bar" style={{ width: `${(bar.value / top) * 100}%` }} />
            </span>
            <span className="cr-bar-value">{bar.display}</span>
          </div>
        ))}
      </div>
      <details>
        <summary>{__('Show as table', 'storeside')}</summary>
        <table className="widefat striped">
          <caption className="screen-reader-text">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">{__('Stage', 'storeside')}</th>
              <th scope="col">{props.valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {props.bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{bar.display}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <Button
        variant="secondary"
        onClick={() =>
          downloadCsv(props.filename, [
            [__('Stage', 'storeside'), props.valueLabel],
            ...props.bars.map((b) => [b.label, b.value]),
          ])
        }
      >
        {`${__('Download CSV', 'storeside')}: ${props.title}`}
      </Button>
    </figure>
  );
}
