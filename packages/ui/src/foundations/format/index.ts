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
export { exportFile, toCsv } from './csv';
export type { CsvValue, ExportFile, ExportFormat } from './csv';
