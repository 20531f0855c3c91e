#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, in this process, so there is no build step and
// signals reach the CLI's own handlers.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
