/** Typed contexts whose `use` throws outside their provider. */
import { createContext, useContext, type Context } from "solid-js";

export interface StoreContext<T> {
  readonly context: Context<T | undefined>;
  use(): T;
}

export function makeStoreContext<T>(name: string): StoreContext<T> {
  const context = createContext<T | undefined>(undefined);
  return {
    context,
    use(): T {
      const v = useContext(context);
      if (v === undefined) throw new Error(`${name} used outside its provider`);
      return v;
    },
  };
}
