export { BestSetupReport } from './best-setup-report';
export type {
  BestBenchmarkReportView,
  BestSetupReportProps,
  BestSetupReportStatus,
  BestSetupSelection,
} from './best-setup-report';
