import * as z from 'zod/mini';
import { METRIC_KEYS } from './vocabulary/metrics.ts';

/*
 * A module of its own: the first page checks search parameters with it, and a module the first
 * page uses is bundled into it whole (see endpoint-rows/index.ts).
 */

/** Metrics an objective, a constraint or a sort can name (see vocabulary/metrics.ts). */
export const MetricKey = z.enum(METRIC_KEYS);
export type MetricKey = z.infer<typeof MetricKey>;
