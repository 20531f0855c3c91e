/* The modules the bundler puts in one shared file each (build.rolldownOptions' codeSplitting groups). */

/** The modules of the `/` route that other routes use too (see codeSplitting below). */
export const HOME_SHARED_MODULE = new RegExp(
  [
    String.raw`packages[\\/]ui[\\/]src[\\/](screens[\\/]auth-layout|primitives[\\/](button|callout|card|field|forms|link|spinner|tabs|text-field)|foundations[\\/]icons)[\\/]`,
    String.raw`@tanstack[\\/]react-query[\\/].*[\\/](useMutation|useSuspenseQuery)\.js$`,
  ].join('|'),
);

/**
 * What the signed-in pages share besides the home page's modules: the signed-in layout (its
 * component, the app shell, the router link), the API client's calls with the contract's rows, the
 * data table, the small primitives and screen parts around it, the format helpers and the web app's
 * route states. Left alone, the bundler cuts them into a file per set of routes using each, and
 * /benchmarks/ fetched 28 files of 0.1–3 kB besides its own: over HTTP/1.1 (six connections) on a
 * phone's round trips, their queue, not their bytes, delayed the page. The table's virtualiser
 * stays out (it loads with a table long enough to need it). The styles of the app shell's
 * menu and drawer stay out: they style radix parts, a group takes in what its modules import, and
 * so the popups' radix code (20 kB), which loads when a popup first opens, would come along.
 */
export const ROUTE_KIT_MODULE = new RegExp(
  [
    String.raw`packages[\\/]ui[\\/]src[\\/](primitives[\\/](badge|checkbox|copy-field|data-table(?![\\/]virtual-rows)|empty-state|export-buttons|relative-time|screen-layout|select|skeleton)[\\/]|screens[\\/](benchmark-common[\\/]|benchmark-compare[\\/]compare-data\.ts$|error-views[\\/](?!not-found))|foundations[\\/]format[\\/])`,
    String.raw`packages[\\/]ui[\\/]src[\\/]primitives[\\/]app-shell[\\/](index|app-shell|app-shell\.styles|theme-toggle|nav-items)\.tsx?$`,
    String.raw`apps[\\/]web[\\/]src[\\/](components[\\/](route-states|route-retry|router-link)|lib[\\/](notices[\\/](copied|download|screen-error-of)|search-params[\\/]compare)|app-nav)\.tsx?$`,
    String.raw`apps[\\/]web[\\/]src[\\/]routes[\\/]_app\.tsx\?tsr-split=component`,
    String.raw`packages[\\/]api-client[\\/]src[\\/](request|queries|endpoint-query)\.ts$`,
    String.raw`@tanstack[\\/](react-table|table-core)[\\/]`,
    String.raw`@tanstack[\\/]react-query[\\/].*[\\/]useQuery\.js$`,
  ].join('|'),
);
