import { vi } from 'vitest';

/** A stand-in IntersectionObserver: tests say when the watched elements come into view. */
export function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element> }>();
  class FakeIntersectionObserver {
    readonly options: IntersectionObserverInit | undefined;
    readonly entry: { callback: IntersectionObserverCallback; elements: Set<Element> };
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.options = options;
      this.entry = { callback, elements: new Set() };
      observers.add(this.entry);
      created.push(this);
    }
    observe(element: Element) {
      this.entry.elements.add(element);
    }
    unobserve(element: Element) {
      this.entry.elements.delete(element);
    }
    disconnect() {
      this.entry.elements.clear();
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  const created: FakeIntersectionObserver[] = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    created,
    /** Reports every watched element as in view. */
    scrollIntoView() {
      for (const { callback, elements } of [...observers]) {
        const entries = [...elements].map(
          (target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry,
        );
        if (entries.length > 0) callback(entries, {} as IntersectionObserver);
      }
    },
    watched: () => [...observers].flatMap(({ elements }) => [...elements]),
  };
}
