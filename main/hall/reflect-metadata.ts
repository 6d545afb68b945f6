/**
 * The Reflect metadata calls @peculiar/x509's dependency container
 * (tsyringe) makes as it loads: get, get own and define, on a WeakMap. The
 * library asks for a polyfill (reflect-metadata, core-js); these three calls
 * are all it uses (no design-time types: its build emits none), so no
 * package is added for them. Imported before the library (./x509.ts).
 */
type Store = Map<string | symbol, unknown>;
const stores = new WeakMap<object, Map<string | symbol | undefined, Store>>();

function own(target: object, property: string | symbol | undefined, create: boolean): Store | undefined {
  let byProperty = stores.get(target);
  if (!byProperty && create) stores.set(target, (byProperty = new Map()));
  let store = byProperty?.get(property);
  if (!store && create && byProperty) byProperty.set(property, (store = new Map()));
  return store;
}

interface MetadataReflect {
  getOwnMetadata?(key: string | symbol, target: object, property?: string | symbol): unknown;
  getMetadata?(key: string | symbol, target: object, property?: string | symbol): unknown;
  defineMetadata?(key: string | symbol, value: unknown, target: object, property?: string | symbol): void;
}

const R = Reflect as typeof Reflect & MetadataReflect;
if (typeof R.getMetadata !== 'function') {
  R.getOwnMetadata = (key, target, property) => own(target, property, false)?.get(key);
  R.getMetadata = (key, target, property) => {
    for (let t: object | null = target; t !== null; t = Object.getPrototypeOf(t) as object | null) {
      const store = own(t, property, false);
      if (store?.has(key)) return store.get(key);
    }
    return undefined;
  };
  R.defineMetadata = (key, value, target, property) => {
    own(target, property, true)!.set(key, value);
  };
}

export {};
