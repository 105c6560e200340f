// Cache Storage in memory, as pages and workers see it, for the tests of what normlab keeps
// offline (kept-assets.test.js, offline-worker.test.js): `open` makes a cache; `has`, `match` and
// `keys` never do. Entries are keyed by URL; a Request or a URL string may name one.
const urlOf = (request) => (typeof request === 'string' ? request : request.url);

export class MemoryCaches {
  stores = new Map();
  async open(name) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    const store = this.stores.get(name);
    return {
      match: async (request) => store.get(urlOf(request))?.clone(),
      put: async (request, response) => void store.set(urlOf(request), response),
      delete: async (request) => store.delete(urlOf(request)),
      keys: async () => [...store.keys()].map((url) => ({ url })),
    };
  }
  async has(name) {
    return this.stores.has(name);
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async match(request, { cacheName } = {}) {
    return this.stores.get(cacheName)?.get(urlOf(request))?.clone();
  }
  async delete(name) {
    return this.stores.delete(name);
  }
}
