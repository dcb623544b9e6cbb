declare module '../../platform/events/event-bus.js' {
  interface StoresideEvents {
    /**
     * `storeside demo` finished the shop's own steps (catalog, customers, reviews, orders): extensions seed their
     * demo data here, idempotently, printing what they did.
     */
    'shop.demo.seeded': {
      print: (line: string) => void;
      /** `storeside demo --with-fakes`: extensions may start their outside-service fakes and seed through them. */
      withFakes: boolean;
    };
  }
}

export {};
