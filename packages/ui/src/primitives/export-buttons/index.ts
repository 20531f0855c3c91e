export { ExportButtons } from './export-buttons';
