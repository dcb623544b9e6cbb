import { Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { type ComponentType, lazy, Suspense } from 'react';
import { userCan } from '../boot.js';
import { ScreenHeader } from '../components/screen-header.js';
import { registeredModules } from '../registry.js';

const cards = new Map<string, ComponentType>();

/** The dashboard: one card per enabled module the user may use, each with its figures and checklist. */
export default function Dashboard() {
  const modules = registeredModules().filter((m) => m.dashboardCard && userCan(m.capability));
  return (
    <>
      <ScreenHeader title={__('Dashboard', 'storeside')} />
      <div className="storeside-cards">
        {modules.map((module) => {
          let Card = cards.get(module.name);
          if (!Card) {
            Card = lazy(module.dashboardCard!);
            cards.set(module.name, Card);
          }
          return (
            <Suspense key={module.name} fallback={<Spinner />}>
              <Card />
            </Suspense>
          );
        })}
      </div>
    </>
  );
}
