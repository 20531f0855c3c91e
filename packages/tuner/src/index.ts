export type * from './types.ts';
export { propose } from './propose.ts';
