import { configure } from '@testing-library/dom';

/** What Mantine measures with and jsdom lacks; call once at the top of a component test file. */
export function stubBrowserApis(): void {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.scrollTo = () => undefined;
  // Screens are imported lazily, as in the app: on a loaded two-core machine the first import of a
  // screen can take seconds, longer than the library's default one-second wait.
  configure({ asyncUtilTimeout: 8_000 });
}
