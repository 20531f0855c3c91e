export { BenchmarkSearch } from './benchmark-search';
export type { BenchmarkSearchProps, BenchmarkSearchView } from './benchmark-search';
export type { BenchmarkSearchSuggestions } from './search-filter-form';
export type { BenchmarkSearchFilters } from './search-filters';
