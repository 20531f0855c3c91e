export {
  ServeRequestsPage,
  SERVE_REQUESTS_TITLE,
  DEFAULT_HARDWARE_SUGGESTIONS,
  SERVE_OBJECTIVE_OPTIONS,
  SERVE_RUNTIME_OPTIONS,
} from './serve-requests-page';
export type { ServeRequestsPageProps } from './serve-requests-page';
export { ServeRequestCard, benchmarkCommand, objectiveLabel, SERVE_RUNTIME_NAMES } from './serve-request-card';
export type { ServeRequestCardProps, ServeRequestItem } from './serve-request-card';
export { ServeRequestForm, SERVE_REQUEST_MESSAGES, MAX_GPU_COUNT } from './serve-request-form';
export type { ServeRequestCreateValues, ServeRequestFormProps } from './serve-request-form';
