export {
  GETTING_STARTED_STEPS,
  GETTING_STARTED_TITLE,
  GettingStartedScreen,
  RUNNER_INSTALL_COMMAND,
} from './getting-started';
export type { GettingStartedScreenProps, GettingStartedStep } from './getting-started';
