/** A call held after its own work: `reached` once it has read, `release` lets it return. */
export interface HeldCall {
  reached: Promise<void>;
  release(): void;
}

/**
 * Holds the next call of `target[method]` (for which `matches` holds) after the original has finished, until
 * `release`: the caller's read is then in flight across whatever the test changes meanwhile. Later calls pass.
 */
export function holdNextCall<T extends object>(
  target: T,
  method: keyof T & string,
  matches: (...args: unknown[]) => boolean = () => true,
): HeldCall {
  const original = target[method] as (...args: unknown[]) => Promise<unknown>;
  const own = Object.hasOwn(target, method);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const restore = () => {
    if (own) Object.assign(target, { [method]: original });
    else delete target[method];
  };
  Object.assign(target, {
    [method]: async function held(this: unknown, ...args: unknown[]) {
      if (!matches(...args)) return original.apply(this, args);
      restore();
      const result = await original.apply(this, args);
      reach();
      await gate;
      return result;
    },
  });
  return { reached, release };
}
