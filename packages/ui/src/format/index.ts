export {
  formatChangeVsDefaults,
  formatExactTime,
  formatHardware,
  formatMs,
  formatNumber,
  formatPercentChange,
  formatRelativeTime,
  formatTokensPerSecond,
  formatUsd,
} from './format';
export type { HardwareLike, TokensPerSecondOptions } from './format';
