import type { ReactNode, Ref } from 'react';

/**
 * A wizard's frame: its numbered steps (the current one marked for assistive technology, those before it done)
 * and the panel of the current step under its heading. `current` past the last step marks every step done.
 */
export function WizardFrame(props: {
  stepsLabel: string;
  steps: string[];
  current: number;
  heading: string;
  headingId: string;
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children: ReactNode;
}) {
  const { steps, current } = props;
  return (
    <>
      <ol className="storeside-wizard-steps" aria-label={props.stepsLabel}>
        {steps.map((label, index) => (
          <li key={label} aria-current={index === current ? 'step' : undefined} data-done={index < current}>
            <span className="storeside-wizard-step-number">{index + 1}</span> {label}
          </li>
        ))}
      </ol>
      <section
        className={`storeside-panel storeside-wizard-step ${props.className ?? ''}`.trim()}
        aria-labelledby={props.headingId}
      >
        <h2 id={props.headingId} ref={props.headingRef} tabIndex={-1}>
          {props.heading}
        </h2>
        {props.children}
      </section>
    </>
  );
}
