/** Every list call pages with limit/offset: this many rows unless asked, never more than the maximum. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
