export { LoadingErrorWrapper } from './loading-error-wrapper';
export type { LoadingErrorWrapperProps } from './loading-error-wrapper';
export { ErrorView, ERROR_VIEW_TITLE } from './error-view';
export type { ErrorViewProps } from './error-view';
export {
  NotFoundPage,
  NotFoundView,
  NOT_FOUND_HOME_LINK,
  NOT_FOUND_PAGE_TEXT,
  NOT_FOUND_PAGE_TITLE,
  NOT_FOUND_VIEW_TITLE,
} from './not-found';
export type { NotFoundPageProps, NotFoundViewProps } from './not-found';
export { describeScreenError, rawErrorText, UNKNOWN_ERROR } from './screen-error';
export type { ScreenError } from './screen-error';
