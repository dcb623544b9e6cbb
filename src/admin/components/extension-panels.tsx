import { Spinner } from '@wordpress/components';
import { type ComponentType, lazy, Suspense } from 'react';
import type { AdminPanel } from '../registry.js';

const loaded = new Map<string, ComponentType<never>>();

/** The panels other modules add to a screen, each loaded on first use and given the screen's props. */
export function ExtensionPanels<Props extends object>({
  panels,
  props,
}: {
  panels: AdminPanel<Props>[];
  props: Props;
}) {
  return (
    <>
      {panels.map((panel) => {
        let Panel = loaded.get(panel.id) as ComponentType<Props> | undefined;
        if (!Panel) {
          Panel = lazy(panel.load);
          loaded.set(panel.id, Panel as ComponentType<never>);
        }
        return (
          <Suspense key={panel.id} fallback={<Spinner />}>
            <Panel {...props} />
          </Suspense>
        );
      })}
    </>
  );
}
