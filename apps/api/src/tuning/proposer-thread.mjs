// Worker threads do not inherit the parent's TypeScript loader on Node 20, so the tuner's thread
// registers tsx itself before loading the TypeScript entry point.
import { register } from 'tsx/esm/api';

register();
await import('./proposer-worker.ts');
