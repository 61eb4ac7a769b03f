/**
 * Building an Intl formatter costs far more than using one (locale data is resolved each time),
 * so each distinct set of options is built once and kept.
 */
export function memoByKey<V>(make: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make(key);
      cache.set(key, value);
    }
    return value;
  };
}
